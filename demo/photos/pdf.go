package photos

import (
	"bytes"
	"fmt"
	"strings"
)

// documentVersion names Document's output for ETags; bump it with the layout.
const documentVersion = "d1"

// Document returns a valid one-page PDF standing in for a property's
// document: a title 'Demo document — {name}' and the owner id. name is shown
// with dashes as spaces. The bytes depend only on the arguments.
func Document(id, name string) []byte {
	title := strings.ReplaceAll(name, "-", " ")
	content := fmt.Sprintf("BT /F1 20 Tf 72 760 Td (Demo document \\227 %s) Tj ET\n"+
		"BT /F1 11 Tf 72 730 Td (Reference %s \\267 sample file of the demo agency, not a real document.) Tj ET\n",
		pdfString(title), pdfString(id))
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(content), content),
	}
	var b bytes.Buffer
	// The binary comment line marks the file as binary for transfer tools.
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF", len(objs)+1, xref)
	return b.Bytes()
}

// pdfString escapes text for a PDF literal string.
func pdfString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
}
