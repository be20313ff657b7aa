// Package dynalite starts a real DynamoDB implementation for tests and benchmarks: dynalite
// (npm, pinned in this folder's package-lock.json), in memory on a free port, and creates the
// service's table in it with the real aws-sdk-go-v2 client. Without node a test is skipped,
// loudly; without its npm packages they are installed first (npm ci, once per machine).
package dynalite

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/chatsvc/chat/pkg/state"
)

// Dynalite is one running dynalite.
type Dynalite struct {
	// Endpoint is its URL, for AWS_ENDPOINT_URL_DYNAMODB.
	Endpoint string
	cmd      *exec.Cmd
}

// ErrNoNode is Launch's error on a machine without node.
var ErrNoNode = errors.New("dynalite: node is not installed")

// Env is the environment a server or NewDynamo needs to reach it: the endpoint, a region
// and fixed credentials.
func (d *Dynalite) Env() map[string]string {
	return map[string]string{
		"AWS_ENDPOINT_URL_DYNAMODB": d.Endpoint,
		"AWS_REGION":                "us-east-1",
		"AWS_ACCESS_KEY_ID":         "local",
		"AWS_SECRET_ACCESS_KEY":     "local",
		"AWS_EC2_METADATA_DISABLED": "true",
	}
}

// Getenv reads Env, for state.NewDynamo.
func (d *Dynalite) Getenv(k string) string { return d.Env()[k] }

// Start starts dynalite for the test; it stops when the test ends.
func Start(t testing.TB) *Dynalite {
	t.Helper()
	d, err := Launch()
	if errors.Is(err, ErrNoNode) {
		t.Skip("SKIPPED: node is not installed, so no dynalite (a real DynamoDB implementation): the shared-state tests did NOT run")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Stop)
	return d
}

// Launch starts dynalite (installing it first when needed); Stop ends it.
func Launch() (*Dynalite, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrNoNode
	}
	dir, err := here()
	if err != nil {
		return nil, err
	}
	if err := install(dir); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, filepath.Join(dir, "node_modules", "dynalite", "cli.js"), "--port", fmt.Sprint(port),
		"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	cmd.Dir = dir
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("dynalite: start: %w", err)
	}
	d := &Dynalite{Endpoint: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening") {
				ready <- true
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			d.Stop()
			return nil, errors.New("dynalite: ended before it listened")
		}
	case <-time.After(20 * time.Second):
		d.Stop()
		return nil, errors.New("dynalite: did not listen within 20 s")
	}
	return d, nil
}

// Stop ends dynalite.
func (d *Dynalite) Stop() {
	_ = d.cmd.Process.Kill()
	_ = d.cmd.Wait()
}

// Table creates a table of the service's shape for the test and returns its Store.
func (d *Dynalite) Table(t testing.TB, name string) *state.Dynamo {
	t.Helper()
	if err := d.CreateTable(name); err != nil {
		t.Fatal(err)
	}
	return d.Store(t, name)
}

// CreateTable creates a table of the service's shape (pk string; on-demand) named name.
func (d *Dynalite) CreateTable(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(d.Endpoint), Credentials: staticCreds{}})
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(state.AttrKey), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(state.AttrKey), KeyType: types.KeyTypeHash}},
	})
	if err != nil {
		return fmt.Errorf("dynalite: create table %s: %w", name, err)
	}
	for {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err == nil && out.Table.TableStatus == types.TableStatusActive {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("dynalite: table %s not active: %w", name, errors.Join(err, ctx.Err()))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Store is the Store of the table name (which may not exist), through NewDynamo.
func (d *Dynalite) Store(t testing.TB, name string) *state.Dynamo {
	t.Helper()
	s, err := state.NewDynamo(context.Background(), name, d.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type staticCreds struct{}

func (staticCreds) Retrieve(context.Context) (aws.Credentials, error) {
	return aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local", Source: "dynalite"}, nil
}

// install runs npm ci in dir unless its packages are there, under a lock so that test
// binaries started at once install once.
func install(dir string) error {
	marker := filepath.Join(dir, "node_modules", ".package-lock.json")
	if _, err := os.Stat(marker); err == nil {
		return nil
	}
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "chat-dynalite-npm.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(marker); err == nil {
		return nil
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm ci in %s (dynalite for the shared-state tests): %w\n%s", dir, err, out)
	}
	return nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// here is this package's folder, where its package.json is.
func here() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("dynalite: no caller")
	}
	return filepath.Dir(file), nil
}
