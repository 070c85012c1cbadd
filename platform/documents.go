package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// MethodDocumentList is the platform's list of documents (fw4-bvba/omnicasa-api
// src/Request/General/GetDocumentListRequest.php: IDs, ObjectIDs, PersonID,
// Publish (boolean), DisplayFields, SortFields, Limit1/2; paged, as
// src/Omnicasa.php getDocumentList answers a ListResponsePaginated).
const MethodDocumentList = "GetDocumentList"

// documentChunk is how many ObjectIDs one GetDocumentList call names: they
// travel comma-joined in the URL, as the IDs of GetPropertiesByIDs do.
const documentChunk = idChunk

// documentListRequest are GetDocumentList's own parameters, as
// RequestObject::jsonSerialize writes them: an integer array comma-joined,
// a boolean as JSON true.
type documentListRequest struct {
	ObjectIDs string `json:"ObjectIDs"`
	Publish   bool   `json:"Publish"`
}

// ListedDocument is an item of GetDocumentList. No public source shows
// one (fw4 reads the items as untyped response objects; tombroucke, modmore
// and maneuver-agency do not call the method), so the fields below are our
// decision, read tolerantly: the property as ObjectID (the request's name)
// or PropertyID; the title as Name, Title, Description or FileName; the
// address as Url (any case: URL, url) or Link; the publication as Publish,
// Published or PublishInternet; the kind as Kind, TypeName, CategoryName
// or DocumentTypeName; Extension and FileSize (or Size) as texts, so
// "1,2 MB" does not spoil the record. `estate platform check` shows what a
// real account answers (its ignored and missing fields).
type ListedDocument struct {
	ID               Int  `json:"ID"`
	ObjectID         Int  `json:"ObjectID,omitempty"`
	PropertyID       Int  `json:"PropertyID,omitempty"`
	Name             Text `json:"Name,omitempty"`
	Title            Text `json:"Title,omitempty"`
	Description      Text `json:"Description,omitempty"`
	FileName         Text `json:"FileName,omitempty"`
	Url              Text `json:"Url,omitempty"`
	Link             Text `json:"Link,omitempty"`
	Publish          Flag `json:"Publish,omitzero"`
	Published        Flag `json:"Published,omitzero"`
	PublishInternet  Flag `json:"PublishInternet,omitzero"`
	Kind             Text `json:"Kind,omitempty"`
	TypeName         Text `json:"TypeName,omitempty"`
	CategoryName     Text `json:"CategoryName,omitempty"`
	DocumentTypeName Text `json:"DocumentTypeName,omitempty"`
	Extension        Text `json:"Extension,omitempty"`
	FileSize         Text `json:"FileSize,omitempty"`
	Size             Text `json:"Size,omitempty"`
}

// Property is the document's property, whichever name carried it.
func (d ListedDocument) Property() int {
	if d.ObjectID > 0 {
		return int(d.ObjectID)
	}
	return int(d.PropertyID)
}

// IsPublished: no publication flag the item sends says no. The call asks
// for published documents only; an item that says otherwise is left out
// all the same, since what the agency did not publish must not reach the
// site.
func (d ListedDocument) IsPublished() bool {
	for _, f := range []Flag{d.Publish, d.Published, d.PublishInternet} {
		if f.Set && !f.Value {
			return false
		}
	}
	return true
}

// Document is the item as the site keeps a document, and false with the
// reason when it has no address the site may link to.
func (d ListedDocument) Document() (Document, string) {
	raw := cmpOr(d.Url, d.Link)
	u, ok := LinkURL(raw)
	if !ok {
		if raw == "" {
			return Document{}, "no Url"
		}
		return Document{}, fmt.Sprintf("Url %q is not an http(s) address", raw)
	}
	name := cmpOr(d.Name, d.Title, d.Description, d.FileName)
	if name == "" {
		name, _ = url.PathUnescape(path.Base(strings.TrimRight(strings.SplitN(u, "?", 2)[0], "/")))
	}
	return Document{ID: d.ID, Name: Text(name), Url: Text(u), Kind: Text(cmpOr(d.Kind, d.TypeName, d.CategoryName, d.DocumentTypeName))}, ""
}

func cmpOr(ts ...Text) string {
	for _, t := range ts {
		if s := t.String(); s != "" {
			return s
		}
	}
	return ""
}

// LinkURL checks an address the platform gives for a file the site links
// to or shows (a document, a photo, the agent's photo, a price list): an
// absolute http or https URL, or a path on the site itself
// ("/demo/documents/…", which pages and mails resolve against
// server.base_url). Anything else (javascript:, data:, file:, "//host/…", a
// bare name) is refused: it would end in an href, a src or og:image.
func LinkURL(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, " \t\r\n\\") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	switch {
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
		return s, true
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"):
		return s, true
	}
	return "", false
}

// DocumentList is what GetDocumentList answered for some properties.
type DocumentList struct {
	// ByProperty are the published documents with a usable address of each
	// property, in the platform's order; a property without any is absent.
	ByProperty map[int][]Document
	// Bad are the items left out for a fault in the data: not decodable, no
	// usable address, or naming no property that was asked for.
	Bad []BadRecord
	// Unpublished counts the items left out because they are not published.
	Unpublished int
}

// ReadDocuments reads GetDocumentList items for the properties asked. An
// item that names no property belongs to the only property asked, if one
// was.
func ReadDocuments(items []json.RawMessage, asked []int) DocumentList {
	var l DocumentList
	l.add(items, asked)
	return l
}

func (l *DocumentList) add(items []json.RawMessage, asked []int) {
	if l.ByProperty == nil {
		l.ByProperty = map[int][]Document{}
	}
	rows := DecodeRows[ListedDocument](items)
	l.Bad = append(l.Bad, rows.Bad...)
	for i, d := range rows.Items {
		id := d.Property()
		if id <= 0 && len(asked) == 1 {
			id = asked[0]
		}
		switch {
		case !slices.Contains(asked, id):
			l.Bad = append(l.Bad, BadRecord{Row: i + 1, ID: int(d.ID), Reason: "names property " + strconv.Itoa(id) + ", which was not asked for"})
			continue
		case !d.IsPublished():
			l.Unpublished++
			continue
		}
		doc, why := d.Document()
		if why != "" {
			l.Bad = append(l.Bad, BadRecord{Row: i + 1, ID: int(d.ID), Reason: why})
			continue
		}
		l.ByProperty[id] = append(l.ByProperty[id], doc)
	}
}

// Merge adds another answer's documents.
func (l *DocumentList) Merge(more DocumentList) {
	if l.ByProperty == nil {
		l.ByProperty = map[int][]Document{}
	}
	for id, docs := range more.ByProperty {
		l.ByProperty[id] = append(l.ByProperty[id], docs...)
	}
	l.Bad = append(l.Bad, more.Bad...)
	l.Unpublished += more.Unpublished
}

// Documents implements the sync's Source: the published documents of
// objectIDs from GetDocumentList, asked with Publish true and the ids in
// chunks, each chunk paged to its end. Any failed call fails the whole
// answer, so a caller never takes a partial list for the full one.
func (c *Client) Documents(ctx context.Context, lang listing.Lang, objectIDs []int) (DocumentList, error) {
	out := DocumentList{ByProperty: map[int][]Document{}}
	seen := make(map[int]bool, len(objectIDs))
	ids := slices.DeleteFunc(slices.Clone(objectIDs), func(id int) bool {
		skip := id <= 0 || seen[id]
		seen[id] = true
		return skip
	})
	for chunk := range slices.Chunk(ids, documentChunk) {
		parts := make([]string, len(chunk))
		for i, id := range chunk {
			parts[i] = strconv.Itoa(id)
		}
		req := documentListRequest{ObjectIDs: strings.Join(parts, ","), Publish: true}
		// Not unique: one file may be listed for several properties, under
		// its one ID; the count checks of paged still hold.
		items, err := c.paged(ctx, MethodDocumentList, lang, Params{More: req}, false)
		if err != nil {
			return DocumentList{}, err
		}
		out.add(items, chunk)
	}
	return out, nil
}

// checkDocuments is the check's GetDocumentList: the documents of the
// properties the check read (its first limit rows: one call at the default
// limit; every property, in chunks, with limit 0, so that a recording
// replays as the platform syncs), recorded (redacted) in ld by ObjectID.
// Not needed: the site syncs without it, keeping the documents the details
// embed.
func (c *Client) checkDocuments(ctx context.Context, lang listing.Lang, ld *LangData, ids []int, limit int) Report {
	r := Report{Method: MethodDocumentList, Lang: lang}
	if len(ids) == 0 {
		r.Skipped = "no property listed"
		finish(&r, nil)
		return r
	}
	var err error
	for chunk := range slices.Chunk(ids, documentChunk) {
		parts := make([]string, len(chunk))
		for i, id := range chunk {
			parts[i] = strconv.Itoa(id)
		}
		req := documentListRequest{ObjectIDs: strings.Join(parts, ","), Publish: true}
		var items []json.RawMessage
		if items, err = c.pages(ctx, MethodDocumentList, lang, Params{More: req}, limit); err != nil {
			break
		}
		r = merged(r, reportOf[ListedDocument](MethodDocumentList)(items))
		rows := DecodeRows[ListedDocument](items)
		for i, d := range rows.Items {
			id := d.Property()
			if id <= 0 && len(chunk) == 1 {
				id = chunk[0]
			}
			if !slices.Contains(chunk, id) {
				r.Bad = append(r.Bad, BadRecord{Row: i + 1, ID: int(d.ID), Reason: "names property " + strconv.Itoa(id) + ", which was not asked for"})
				continue
			}
			if ld.PropertyDocuments == nil {
				ld.PropertyDocuments = map[int][]json.RawMessage{}
			}
			ld.PropertyDocuments[id] = append(ld.PropertyDocuments[id], redactRecord(rows.Raw[i]))
		}
	}
	finish(&r, err)
	return r
}

// notNeeded says why a method the site can sync without may fail.
func notNeeded(method string) string {
	if method == MethodDocumentList {
		return "the sync keeps the documents the details embed and those it holds"
	}
	return "every record embeds its photos"
}
