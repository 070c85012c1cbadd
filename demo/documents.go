package demo

import (
	"encoding/json"
	"fmt"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// The demo's documents come both ways the platform gives them: the detail
// embeds the EPC certificate (as the seed's detail lists documents), and
// GetDocumentList lists every published document of the property, the
// certificate again (the sync keeps one per address), and, for a few
// properties for sale, a draft contract the agency did not publish, which
// the site must never show. The listing ends up with the same documents, in
// the same order, as when the detail embedded them all.

// documents are the property's published documents in language l.
func (p *prop) documents(l listing.Lang) []platform.Document {
	var out []platform.Document
	for _, i := range p.docs {
		dk := docKinds[i]
		out = append(out, platform.Document{
			ID: platform.Int(p.id*10 + i + 1), Name: platform.Text(dk.name.in(l)), Kind: platform.Text(dk.kind),
			Url: platform.Text(fmt.Sprintf("/demo/documents/%d/%s.pdf", p.id, dk.slug.in(l))),
		})
	}
	return out
}

// embeddedDocuments are the documents the detail carries: the EPC certificate.
func (p *prop) embeddedDocuments(l listing.Lang) []platform.Document {
	var out []platform.Document
	for _, d := range p.documents(l) {
		if d.Kind == platform.Text(docKinds[docEPC].kind) {
			out = append(out, d)
		}
	}
	return out
}

// draftContract is the unpublished document of some properties for sale.
var draftContract = docKind{"contract",
	text{"Ontwerp van verkoopovereenkomst", "Projet de compromis de vente", "Draft sales agreement", "Kaufvertragsentwurf"},
	text{"ontwerp-verkoopovereenkomst", "projet-de-compromis", "draft-sales-agreement", "kaufvertragsentwurf"}}

// listedDocument is a GetDocumentList item as the demo platform answers it
// (the item's shape is our reading of the method, see platform.ListedDocument).
type listedDocument struct {
	ID        int    `json:"ID"`
	ObjectID  int    `json:"ObjectID"`
	Name      string `json:"Name"`
	Url       string `json:"Url"`
	Publish   bool   `json:"Publish"`
	TypeName  string `json:"TypeName"`
	Extension string `json:"Extension"`
}

// listedDocuments are the GetDocumentList items of the properties, by id;
// a property without documents has none.
func listedDocuments(props []*prop, l listing.Lang) map[int][]json.RawMessage {
	out := map[int][]json.RawMessage{}
	for _, p := range props {
		var items []listedDocument
		for _, d := range p.documents(l) {
			items = append(items, listedDocument{ID: int(d.ID), ObjectID: p.id, Name: d.Name.String(), Url: d.Url.String(),
				Publish: true, TypeName: d.Kind.String(), Extension: "pdf"})
		}
		if p.goal == 0 && len(items) > 0 && p.id%4 == 0 {
			items = append(items, listedDocument{ID: p.id*10 + 9, ObjectID: p.id, Name: draftContract.name.in(l),
				Url: fmt.Sprintf("/demo/documents/%d/%s.pdf", p.id, draftContract.slug.in(l)), TypeName: draftContract.kind, Extension: "pdf"})
		}
		if len(items) > 0 {
			out[p.id] = platform.RawAll(items)
		}
	}
	return out
}
