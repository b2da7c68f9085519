// Peer benchmark: github.com/oklog/ulid (Debian's golang-github-oklog-ulid-dev)
// over the shared data set (bench/peers/make_dataset.sh). Prints a JSON array
// of {"name", "items_per_second", "items", "repetitions"} (median of the
// repetitions), names "oklog/<op>" matching sortid's dataset/<op> benchmarks.
package main

import (
	"bufio"
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/oklog/ulid"
)

type result struct {
	Name           string  `json:"name"`
	ItemsPerSecond float64 `json:"items_per_second"`
	Items          int     `json:"items"`
	Repetitions    int     `json:"repetitions"`
}

func measure(name string, items, reps int, f func()) result {
	times := make([]float64, 0, reps)
	for r := 0; r < reps; r++ {
		start := time.Now()
		f()
		times = append(times, time.Since(start).Seconds())
	}
	sort.Float64s(times)
	return result{"oklog/" + name, float64(items) / times[len(times)/2], items, reps}
}

func main() {
	dir := os.Args[1]
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
	if sink == 0 {
		fmt.Fprintln(os.Stderr, "unexpected zero timestamps")
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(results); err != nil {
		panic(err)
	}
}
