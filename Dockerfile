# The prbmc GitHub Action's image (action.yml). Every step is a step of
# scripts/image.sh, which `make test` and the composite action run on
# machines without Docker. Base images are pinned by exact tag.

# Build: Go and libz3-dev for the cgo binding.
FROM golang:1.26.8-bookworm AS build
WORKDIR /src
COPY scripts/image.sh scripts/
RUN scripts/image.sh build-deps
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN scripts/image.sh build /out/prbmc && scripts/image.sh check /out/prbmc

# Run: libz3, gcc for reproducers, git for the diff scope.
FROM debian:12.11-slim
COPY scripts/image.sh /usr/local/lib/prbmc/
RUN /usr/local/lib/prbmc/image.sh run-deps && rm -rf /var/lib/apt/lists/* \
	&& /usr/local/lib/prbmc/image.sh container-config
COPY --from=build /out/prbmc /usr/local/bin/prbmc
ENTRYPOINT ["/usr/local/bin/prbmc"]
CMD ["action"]
