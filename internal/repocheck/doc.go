// Package repocheck holds tests of the repository's own entry points rather than of Go code:
// the Makefile's targets as a person runs them (Ctrl-C on `make demo`, `make browser` without
// root), and the README's and docs' promises (every shell block pastes as it is; one Node
// version; one pinned CDK CLI). They live in one package of their own because they read
// files at the repository root and run make there, which no other package's tests should do.
package repocheck
