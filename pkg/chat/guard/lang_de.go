package guard

// German.
func init() {
	register(language{
		hold: []string{`ich bin`, `ich heiße`, `ich heisse`, `mein name`, `sprachmodell~`, `von`, `durch`},
		rule: []string{`preisgeb~`, `verrat~`, `zitier~`, `zusammenfass~`, `übersetz~`, `paraphrasier~`, `umschreib~`},
		self: []string{
			`\b(?:ich bin|ich heiße|ich heisse|mein name ist)\b{F}{N}`,
			`\b(?:von|durch)\s+{N}\s+(?:\S+\s+)?(?:entwickelt|trainiert|erstellt|gebaut|programmiert|geschaffen)`,
			`\b(?:entwickelt|trainiert|erstellt|gebaut) (?:von|durch) {N}`,
			`sprachmodell{F}{N}|{N}{F}sprachmodell`,
		},
	})
}
