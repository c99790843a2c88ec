package smtlib

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// proc is the solver process: commands go to its stdin, and a reader
// goroutine parses its stdout into a queue. The queue is unbounded so that
// the solver never blocks on writing "success" while we block on writing
// a long script to it: that would deadlock on the pipes.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     *bufio.Writer
	stderr *tailBuffer
	trace  io.Writer

	mu     sync.Mutex
	queue  []*sexpr
	err    error         // the reader's end: io.EOF or a parse error
	ready  chan struct{} // signalled when queue or err changes
	exited chan struct{} // closed when the process has been waited for
	killed bool
}

func startProc(argv []string) (*proc, error) {
	if len(argv) == 0 {
		return nil, errors.New("smtlib: empty solver command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	// A process group of its own: Close and a canceled check kill the
	// group, so a wrapper script's children go too, and a terminal's ^C
	// reaches prbmc, which decides.
	cmd.SysProcAttr = procAttr()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("smtlib: %w", err)
	}
	// Our own pipe rather than StdoutPipe: Wait closes that one as soon as
	// the process exits, possibly before the reader has drained it.
	stdout, pw, err := os.Pipe()
	if err != nil {
		stdin.Close()
		return nil, fmt.Errorf("smtlib: %w", err)
	}
	cmd.Stdout = pw
	p := &proc{cmd: cmd, stdin: stdin, in: bufio.NewWriterSize(stdin, 1<<16), stderr: &tailBuffer{max: 4096},
		ready: make(chan struct{}, 1), exited: make(chan struct{})}
	cmd.Stderr = p.stderr
	err = cmd.Start()
	pw.Close() // the child has its copy
	if err != nil {
		stdin.Close()
		stdout.Close()
		return nil, fmt.Errorf("smtlib: starting %s: %w", argv[0], err)
	}
	go p.read(stdout)
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *proc) read(stdout *os.File) {
	defer stdout.Close()
	r := bufio.NewReaderSize(stdout, 1<<16)
	for {
		e, err := readSexpr(r)
		p.mu.Lock()
		if err != nil {
			p.err = err
		} else {
			p.queue = append(p.queue, e)
		}
		p.mu.Unlock()
		select {
		case p.ready <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// next returns the next response, waiting for it unless cancel is closed
// first (then errCanceled).
func (p *proc) next(cancel <-chan struct{}) (*sexpr, error) {
	for {
		p.mu.Lock()
		if len(p.queue) > 0 {
			e := p.queue[0]
			p.queue[0] = nil
			p.queue = p.queue[1:]
			p.mu.Unlock()
			return e, nil
		}
		err := p.err
		p.mu.Unlock()
		if err != nil {
			return nil, p.exitError(err)
		}
		select {
		case <-p.ready:
		case <-cancel:
			return nil, errCanceled
		}
	}
}

var errCanceled = errors.New("smtlib: canceled")

// exitError describes the end of the solver's output.
func (p *proc) exitError(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		<-p.exited
		msg := "solver process ended"
		if st := p.cmd.ProcessState; st != nil {
			msg += " (" + st.String() + ")"
		}
		if tail := strings.TrimSpace(p.stderr.String()); tail != "" {
			msg += ": " + tail
		}
		return errors.New("smtlib: " + msg)
	}
	return fmt.Errorf("smtlib: reading solver output: %w", err)
}

// send writes commands without waiting for their answers.
func (p *proc) send(cmds ...string) error {
	for _, c := range cmds {
		if p.trace != nil {
			io.WriteString(p.trace, c+"\n")
		}
		p.in.WriteString(c)
		if err := p.in.WriteByte('\n'); err != nil {
			return p.writeError(err)
		}
	}
	return nil
}

func (p *proc) flush() error {
	if err := p.in.Flush(); err != nil {
		return p.writeError(err)
	}
	return nil
}

// writeError describes a failed write: when the solver has exited (its
// Wait closes our end of the pipe, so the error may be "file already
// closed" rather than a broken pipe) the way it ended, as exitError says
// it, else the error itself.
func (p *proc) writeError(err error) error {
	select {
	case <-p.exited:
		return p.exitError(io.EOF)
	case <-time.After(time.Second):
		return fmt.Errorf("smtlib: writing to solver: %w", err)
	}
}

// signalKill sends SIGKILL to the whole process group; it is safe from
// any goroutine (context.AfterFunc calls it at a deadline).
func (p *proc) signalKill() {
	// The group's id is the child's pid (Setpgid with Pgid 0).
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
}

// kill ends the whole process group and waits a little for the process.
// SIGKILL: a solver deep in a check may not read its input for a long
// time, and a polite (exit) would wait for it. A killed process cannot
// survive, and its Wait goroutine reaps it; but the kernel's freeing of a
// solver's gigabytes can take a second, which a caller at its deadline
// need not wait for.
func (p *proc) kill() {
	if !p.killed {
		p.killed = true
		p.signalKill()
		p.stdin.Close()
	}
	select {
	case <-p.exited:
	case <-time.After(killWait):
	}
}

// killWait is how long kill waits for the killed process to be reaped.
const killWait = 250 * time.Millisecond

// tailBuffer keeps the last max bytes written to it (the solver's stderr,
// for error messages).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
