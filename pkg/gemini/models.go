package gemini

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// DefaultModel is the specification's default model name.
const DefaultModel = "model-2.5-flash"

// modelIDs maps the specification's model names to the provider's model IDs. It is the only
// place that names provider models.
var modelIDs = map[string]string{
	"model-2.5-flash": "gemini-2.5-flash",
	"model-2.5-pro":   "gemini-2.5-pro",
	"model-1.5-flash": "gemini-1.5-flash",
	"model-1.5-pro":   "gemini-1.5-pro",
}

var rawID = regexp.MustCompile(`^gemini-[0-9][0-9a-z.\-]*$`)

// Model is a resolved model choice.
type Model struct {
	// Name is what the operator configured (a specification name or a raw provider ID).
	Name string
	// ID is the provider's model ID.
	ID string
}

// Legacy reports whether the model predates the search and URL-context tools (the 1.x
// generation), which had search retrieval instead and no URL context.
func (m Model) Legacy() bool {
	return strings.HasPrefix(m.ID, "gemini-1.")
}

// ResolveModel turns a configured model name into a Model. It accepts the specification's
// names and raw provider IDs such as gemini-2.0-flash.
func ResolveModel(name string) (Model, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = DefaultModel
	}
	if id, ok := modelIDs[name]; ok {
		return Model{Name: name, ID: id}, nil
	}
	if id := strings.TrimPrefix(name, "models/"); rawID.MatchString(id) {
		return Model{Name: name, ID: id}, nil
	}
	return Model{}, fmt.Errorf("unknown model %q: use one of %s, or a provider model ID", name, strings.Join(ModelNames(), ", "))
}

// ModelNames lists the specification's model names.
func ModelNames() []string {
	names := make([]string, 0, len(modelIDs))
	for n := range modelIDs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
