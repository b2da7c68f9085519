// Peer benchmark: github.com/oklog/ulid (Debian's golang-github-oklog-ulid-dev)
// over the shared data set (bench/peers/make_dataset.sh). Prints a JSON array
// of {"name", "items_per_second", "items", "repetitions"} (median of the
// repetitions), names "oklog/<op>" matching sortid's dataset/<op> benchmarks,
// and per-call rows "oklog/parse_one" (ParseStrict), "oklog/format_one"
// (MarshalTextTo into a caller's buffer), "oklog/string_one" (String) and
// "oklog/generate_one_monotonic" (MustNew(Now(), monotonic)) matching
// sortid_bench's parse_one/ulid and format_one/ulid (bench/bench_single.cc):
// one call per item over a pool of 4096 IDs from the data set, cycled.
// Usage: oklog_bench DATA_DIR [--per-call-only]
package main

import (
	"bufio"
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"syscall"
	"time"
	"unsafe"

	"github.com/oklog/ulid"
)

type result struct {
	Name           string  `json:"name"`
	ItemsPerSecond float64 `json:"items_per_second"`
	// The same over the thread's CPU time (what Google Benchmark's CPU
	// column measures): comparable on a machine shared with other work.
	CPUItemsPerSecond float64 `json:"cpu_items_per_second"`
	Items             int     `json:"items"`
	Repetitions       int     `json:"repetitions"`
}

// CPU time of the calling OS thread (main locks itself to one).
func threadCPUSeconds() float64 {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return float64(ts.Sec) + float64(ts.Nsec)*1e-9
}

func measure(name string, items, reps int, f func()) result {
	times := make([]float64, 0, reps)
	cpuTimes := make([]float64, 0, reps)
	for r := 0; r < reps; r++ {
		start := time.Now()
		cpuStart := threadCPUSeconds()
		f()
		cpuTimes = append(cpuTimes, threadCPUSeconds()-cpuStart)
		times = append(times, time.Since(start).Seconds())
	}
	sort.Float64s(times)
	sort.Float64s(cpuTimes)
	return result{"oklog/" + name, float64(items) / times[len(times)/2],
		float64(items) / cpuTimes[len(cpuTimes)/2], items, reps}
}

func main() {
	runtime.LockOSThread()
	dir := os.Args[1]
	perCallOnly := len(os.Args) > 2 && os.Args[2] == "--per-call-only"
	reps := 5
	file, err := os.Open(filepath.Join(dir, "ulids.txt"))
	if err != nil {
		panic(err)
	}
	var texts []string
	var textBytes [][]byte
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		texts = append(texts, scanner.Text())
		textBytes = append(textBytes, []byte(scanner.Text()))
	}
	file.Close()
	raw, err := os.ReadFile(filepath.Join(dir, "ids.bin"))
	if err != nil {
		panic(err)
	}
	n := len(raw) / 16
	if n != len(texts) {
		panic("ids.bin and ulids.txt disagree")
	}
	ids := make([]ulid.ULID, n)
	for i := range ids {
		copy(ids[i][:], raw[16*i:16*i+16])
	}
	out := make([]byte, 26*n)
	parsed := make([]ulid.ULID, n)
	var sink uint64
	var results []result

	if !perCallOnly {
		results = append(results, measure("encode_ulid", n, reps, func() {
			for i := range ids {
				if err := ids[i].MarshalTextTo(out[26*i : 26*i+26]); err != nil {
					panic(err)
				}
			}
		}))
		if string(out[:26]) != texts[0] {
			panic("MarshalTextTo disagrees with the data set")
		}
		results = append(results, measure("decode_ulid", n, reps, func() {
			for i, s := range texts {
				id, err := ulid.ParseStrict(s)
				if err != nil {
					panic(err)
				}
				parsed[i] = id
			}
		}))
		results = append(results, measure("decode_ulid_unmarshal_text", n, reps, func() {
			for i, b := range textBytes {
				if err := parsed[i].UnmarshalText(b); err != nil {
					panic(err)
				}
			}
		}))
		results = append(results, measure("decode_time", n, reps, func() {
			for _, s := range texts {
				id, err := ulid.ParseStrict(s)
				if err != nil {
					panic(err)
				}
				sink += id.Time()
			}
		}))
		results = append(results, measure("generate_ulid_monotonic", n, reps, func() {
			entropy := ulid.Monotonic(crand.Reader, 0)
			for i := 0; i < n; i++ {
				parsed[i] = ulid.MustNew(ulid.Now(), entropy)
			}
		}))
		results = append(results, measure("generate_ulid", n, reps, func() {
			for i := 0; i < n; i++ {
				parsed[i] = ulid.MustNew(ulid.Now(), crand.Reader)
			}
		}))
	}
	results = append(results, perCall(ids, texts, reps)...)
	if sink == 0 && !perCallOnly {
		fmt.Fprintln(os.Stderr, "unexpected zero timestamps")
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(results); err != nil {
		panic(err)
	}
}

// Per-call rows: each op runs `calls` times over the first 4096 IDs of the
// data set (cycled), in a plain loop (no function value per call) whose
// results feed a checksum, so nothing is hoisted or dropped.
func perCall(ids []ulid.ULID, texts []string, reps int) []result {
	const pool = 4096
	const calls = 20000000
	if len(ids) < pool {
		panic("data set smaller than the per-call pool")
	}
	var check byte
	var buf [26]byte
	var last ulid.ULID
	out := []result{
		measure("parse_one", calls, reps, func() {
			for i := 0; i < calls; i++ {
				id, err := ulid.ParseStrict(texts[i&(pool-1)])
				if err != nil {
					panic(err)
				}
				check ^= id[15]
			}
		}),
		measure("format_one", calls, reps, func() {
			for i := 0; i < calls; i++ {
				if err := ids[i&(pool-1)].MarshalTextTo(buf[:]); err != nil {
					panic(err)
				}
				check ^= buf[25]
			}
		}),
		measure("string_one", calls, reps, func() {
			for i := 0; i < calls; i++ {
				s := ids[i&(pool-1)].String()
				check ^= s[25]
			}
		}),
		measure("generate_one_monotonic", calls/10, reps, func() {
			entropy := ulid.Monotonic(crand.Reader, 0)
			for i := 0; i < calls/10; i++ {
				last = ulid.MustNew(ulid.Now(), entropy)
			}
		}),
	}
	if string(buf[:]) != texts[(calls-1)&(pool-1)] {
		panic("MarshalTextTo disagrees with the data set")
	}
	fmt.Fprintf(os.Stderr, "oklog per-call checksum %d, last %s\n", check, last.String())
	return out
}
