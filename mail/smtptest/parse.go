package smtptest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
)

// Parsed is a received message read the way a mail client reads it.
type Parsed struct {
	Header mail.Header
	// Parts are the leaves of the MIME tree in order (a single-part message has one), bodies decoded.
	Parts []Part
}

// Part is one leaf of a message.
type Part struct {
	Header      textproto.MIMEHeader
	ContentType string            // media type in lower case, e.g. "text/plain"
	Params      map[string]string // Content-Type parameters, e.g. charset, method
	Filename    string            // from Content-Disposition or the name parameter
	Body        []byte            // after the transfer encoding is undone
}

// Parse reads r.Data as a MIME message.
func (r Received) Parse() (*Parsed, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		return nil, fmt.Errorf("smtptest: read message: %w", err)
	}
	p := &Parsed{Header: msg.Header}
	h := textproto.MIMEHeader(msg.Header)
	if err := p.walk(h, msg.Body); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Parsed) walk(h textproto.MIMEHeader, body io.Reader) error {
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain; charset=us-ascii"
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("smtptest: content type %q: %w", ct, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("smtptest: %s part: %w", mediaType, err)
			}
			if err := p.walk(part.Header, part); err != nil {
				return err
			}
		}
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("smtptest: %s body: %w", mediaType, err)
	}
	decoded, err := decode(h.Get("Content-Transfer-Encoding"), raw)
	if err != nil {
		return fmt.Errorf("smtptest: %s body: %w", mediaType, err)
	}
	part := Part{Header: h, ContentType: mediaType, Params: params, Filename: params["name"], Body: decoded}
	if _, dp, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil && dp["filename"] != "" {
		part.Filename = dp["filename"]
	}
	p.Parts = append(p.Parts, part)
	return nil
}

func decode(encoding string, raw []byte) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		return io.ReadAll(quotedprintable.NewReader(bytes.NewReader(raw)))
	case "base64":
		return io.ReadAll(base64.NewDecoder(base64.StdEncoding, &newlineSkipper{r: bytes.NewReader(raw)}))
	}
	return raw, nil
}

// newlineSkipper drops line breaks, which base64 bodies carry every 76 characters.
type newlineSkipper struct{ r io.Reader }

func (n *newlineSkipper) Read(b []byte) (int, error) {
	for {
		k, err := n.r.Read(b)
		j := 0
		for _, c := range b[:k] {
			if c != '\r' && c != '\n' {
				b[j] = c
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

// Subject is the Subject header with its RFC 2047 words decoded.
func (p *Parsed) Subject() string { return p.Decoded("Subject") }

// Decoded is a header's value with its RFC 2047 words decoded.
func (p *Parsed) Decoded(key string) string {
	v := p.Header.Get(key)
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		return d
	}
	return v
}

// Addresses parses an address header (To, Reply-To, …), decoding encoded names.
func (p *Parsed) Addresses(key string) ([]*mail.Address, error) {
	return p.Header.AddressList(key)
}

// Text is the first text/plain part's body.
func (p *Parsed) Text() string { return p.body("text/plain") }

// HTML is the first text/html part's body.
func (p *Parsed) HTML() string { return p.body("text/html") }

func (p *Parsed) body(mediaType string) string {
	for _, part := range p.Parts {
		if part.ContentType == mediaType && part.Filename == "" {
			return string(part.Body)
		}
	}
	return ""
}

// Attachments are the parts that carry a file name.
func (p *Parsed) Attachments() []Part {
	var out []Part
	for _, part := range p.Parts {
		if part.Filename != "" {
			out = append(out, part)
		}
	}
	return out
}
