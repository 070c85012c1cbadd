package httpd

import (
	"github.com/gin-gonic/gin"
)

// problem is every error answer of the site's own API: its words for the
// reader (a visitor's language where a visitor reads them, plain English
// where a developer does), the status again, so a client that keeps only the
// body still knows it, and what some errors need besides. The search API
// keeps Algolia's error shape (algolia.Error); the probes keep theirs.
type problem struct {
	Message string `json:"message"`
	Status  int    `json:"status"`
	// Errors are a refused form's messages by field; a form refused as a
	// whole (a filled honeypot) has none, and says so with {}.
	Errors map[string]string `json:"errors,omitzero"`
	// Detail says why a login failed, under the message of its form.
	Detail string `json:"detail,omitempty"`
	// RetryAfter is the Retry-After header in seconds, for a form's text.
	RetryAfter int `json:"retryAfter,omitempty"`
	// Expired tells a 401 of a session that timed out from one never opened.
	Expired *bool `json:"expired,omitempty"`
}

// fail ends the request with a problem of status and message.
func fail(c *gin.Context, status int, message string) {
	failWith(c, problem{Status: status, Message: message})
}

// failWith ends the request with p, whose Status is the answer's.
func failWith(c *gin.Context, p problem) {
	c.AbortWithStatusJSON(p.Status, p)
}

// notice is a success that only has words for its reader (a reset link
// sent, an alert unsubscribed), in the same shape as a problem.
type notice struct {
	Message string `json:"message"`
	Status  int    `json:"status"`
}

// tell answers a notice.
func tell(c *gin.Context, status int, message string) {
	c.JSON(status, notice{Message: message, Status: status})
}
