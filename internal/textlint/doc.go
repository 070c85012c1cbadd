// Package textlint holds the test that reads every text the site shows or sends: the UI's locale files, the
// validation and account messages and the mails' texts as package texts loads them (and forms.json's messages as
// the UI reads them too), the mails' templates, the content of config.yaml and the demo
// agency's French data. It fails on French that breaks the rules of package french and on a count written
// without plural forms; on a text one language has and another lacks; and on a UI component that writes punctuation itself (« {label}: ») instead of taking it
// from the locale files.
package textlint
