// Package textlint holds the test that reads every text the site shows or sends: the UI's locale files, the
// validation and account messages, the mails' texts and templates, the content of config.yaml and the demo
// agency's French data. It fails on French that breaks the rules of package french and on a count written
// without plural forms; and on a UI component that writes punctuation itself (« {label}: ») instead of taking it
// from the locale files.
package textlint
