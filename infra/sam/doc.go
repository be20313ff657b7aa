// Package sam keeps the SAM files at the repository root (template.yaml, samconfig.toml) honest:
// its tests fail when their stage values drift from the Go stage table in pkg/deploy/stage, when a key
// SAM or CloudFormation would silently ignore is misspelled, or when cfn-lint objects.
package sam

// Paths of the SAM files, relative to the repository root.
const (
	TemplatePath = "template.yaml"
	ConfigPath   = "samconfig.toml"
)

// MappingName is the template mapping that carries the stage table, keyed by stage name.
const MappingName = "StageConfig"
