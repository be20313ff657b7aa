package loadtest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
)

// ContractQuestion is the body of a question about addr in the specification's prefix.
func ContractQuestion(addr string) string {
	b, _ := json.Marshal(map[string]any{"messages": []map[string]string{
		{"role": "user", "content": "[Contract Address: " + addr + "]\n\nIs this token safe to hold?"}}})
	return string(b)
}

// FirstText posts ContractQuestion(addr) to the endpoint at base and returns the time to its
// first 0: line; it reads the stream to its end.
func FirstText(base, addr string) (time.Duration, error) {
	start := time.Now()
	resp, err := http.Post(base+"/api/chat", "application/json", strings.NewReader(ContractQuestion(addr)))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("status %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	var first time.Duration
	for sc.Scan() {
		if first == 0 && strings.HasPrefix(sc.Text(), "data: 0:") {
			first = time.Since(start)
		}
	}
	if first == 0 {
		return 0, fmt.Errorf("no text")
	}
	return first, nil
}

// Spread is the median of d and its range, each rounded to unit.
func Spread(d []time.Duration, unit time.Duration) string {
	slices.Sort(d)
	r := func(x time.Duration) string { return x.Round(unit).String() }
	return fmt.Sprintf("%s (%s-%s)", r(d[len(d)/2]), r(d[0]), r(d[len(d)-1]))
}
