error: ../../testdata/harness/sensor.c:106:5: harness for apply: function pointer parameter op is not supported
