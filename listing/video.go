package listing

import (
	"net/url"
	"path"
	"strings"
)

// VideoHosts are the configurable hosts for 3D tours and partner content.
// A host matches itself and its subdomains ("matterport.com" matches
// "my.matterport.com").
type VideoHosts struct {
	Tours    []string
	Partners []string
}

// PartnerHost is the agency's own partner channel, always recognised.
const PartnerHost = "tvl.be"

// videoExtensions are the direct video files a <video> element can play.
var videoExtensions = map[string]bool{
	".mp4": true, ".mov": true, ".wmv": true, ".avi": true, ".flv": true, ".webm": true,
}

// ParseVideo recognises a media link.
//
// Every decision is made on the parsed URL, never on the raw text, so
// "youtube.com.evil.org" or "example.com/?x=youtube.com" are not YouTube.
// Only http(s) links are accepted; a link without a scheme
// ("www.youtube.com/...") is read as https. The returned URL is the link
// itself, normalised to https with a lower-case host (the site is served over
// https, and browsers block or upgrade plain http media anyway); the embed
// address is built by the page from Kind and ID.
func ParseVideo(raw string, hosts VideoHosts) (Video, bool) {
	u, ok := parseHTTPURL(raw)
	if !ok {
		return Video{}, false
	}
	host := u.Hostname()
	v := Video{URL: u.String()}
	switch {
	case videoExtensions[strings.ToLower(path.Ext(u.Path))]:
		v.Kind = VideoFile
	case isYouTubeHost(host):
		id, ok := youTubeID(host, u)
		if !ok {
			return Video{}, false
		}
		v.Kind, v.ID = VideoYouTube, id
	case isVimeoHost(host):
		id, ok := vimeoID(host, u)
		if !ok {
			return Video{}, false
		}
		v.Kind, v.ID = VideoVimeo, id
	case hostUnder(host, "fb.watch"):
		if strings.Trim(u.Path, "/") == "" {
			return Video{}, false
		}
		v.Kind = VideoFacebook
	case hostUnder(host, "facebook.com"):
		if !isFacebookVideo(u) {
			return Video{}, false
		}
		v.Kind = VideoFacebook
	case hostInList(host, hosts.Tours):
		v.Kind = VirtualTour
	case hostUnder(host, PartnerHost) || hostInList(host, hosts.Partners):
		v.Kind = PartnerMedia
	default:
		return Video{}, false
	}
	return v, true
}

// parseHTTPURL parses a user-typed link into an absolute https URL with a
// lower-case host.
func parseHTTPURL(raw string) (*url.URL, bool) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return nil, false
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	switch {
	case u.Scheme == "" && u.Host != "": // "//host/path"
	case u.Scheme == "":
		if u, err = url.Parse("https://" + s); err != nil {
			return nil, false
		}
	case !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https"):
		return nil, false
	}
	// Credentials in a media link only serve to disguise the real host.
	if u.User != nil || u.Hostname() == "" {
		return nil, false
	}
	u.Scheme = "https"
	u.Host = strings.ToLower(u.Host)
	if strings.HasSuffix(u.Hostname(), ".") {
		return nil, false
	}
	return u, true
}

// hostUnder reports whether host is domain or one of its subdomains.
func hostUnder(host, domain string) bool {
	return host == domain || strings.HasSuffix(host, "."+domain)
}

// hostInList matches host against configured hosts, which may be written
// carelessly ("https://Tours.example.com/", " .example.com").
func hostInList(host string, list []string) bool {
	for _, h := range list {
		h = strings.ToLower(strings.TrimSpace(h))
		if i := strings.Index(h, "://"); i >= 0 {
			h = h[i+3:]
		}
		if i := strings.IndexAny(h, "/?#"); i >= 0 {
			h = h[:i]
		}
		h = strings.Trim(h, ".")
		if h != "" && hostUnder(host, h) {
			return true
		}
	}
	return false
}

func isYouTubeHost(host string) bool {
	switch host {
	case "youtube.com", "www.youtube.com", "m.youtube.com",
		"youtube-nocookie.com", "www.youtube-nocookie.com",
		"youtu.be", "www.youtu.be":
		return true
	}
	return false
}

// youTubeID finds the video id in the URL forms YouTube hands out: watch?v=,
// youtu.be/, embed/ and shorts/.
func youTubeID(host string, u *url.URL) (string, bool) {
	segs := pathSegments(u.Path)
	var id string
	switch {
	case host == "youtu.be" || host == "www.youtu.be":
		if len(segs) == 1 {
			id = segs[0]
		}
	case len(segs) == 1 && segs[0] == "watch" && !strings.Contains(host, "nocookie"):
		id = u.Query().Get("v")
	case len(segs) == 2 && segs[0] == "embed":
		id = segs[1]
	case len(segs) == 2 && segs[0] == "shorts" && !strings.Contains(host, "nocookie"):
		id = segs[1]
	}
	return id, isYouTubeID(id)
}

// isYouTubeID checks the 11-character id alphabet; anything else is a
// truncated or mangled link that would embed an error page.
func isYouTubeID(id string) bool {
	if len(id) != 11 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func isVimeoHost(host string) bool {
	switch host {
	case "vimeo.com", "www.vimeo.com", "player.vimeo.com":
		return true
	}
	return false
}

// vimeoID finds the numeric id in vimeo.com/{id}, player.vimeo.com/video/{id}
// and the collection forms vimeo.com/channels/{name}/{id} (also groups,
// album, showcase), whose id is the last numeric segment.
func vimeoID(host string, u *url.URL) (string, bool) {
	segs := pathSegments(u.Path)
	if len(segs) == 0 {
		return "", false
	}
	if host == "player.vimeo.com" {
		if len(segs) == 2 && segs[0] == "video" && isDigits(segs[1]) {
			return segs[1], true
		}
		return "", false
	}
	if isDigits(segs[0]) {
		return segs[0], true
	}
	switch segs[0] {
	case "channels", "groups", "album", "showcase":
		for i := len(segs) - 1; i >= 2; i-- {
			if isDigits(segs[i]) {
				return segs[i], true
			}
		}
	}
	return "", false
}

// isFacebookVideo accepts the video forms of facebook.com: .../videos/...,
// watch/?v=... and reel/...; a page or profile link is not a video.
func isFacebookVideo(u *url.URL) bool {
	segs := pathSegments(u.Path)
	for i, s := range segs {
		if s == "videos" && i < len(segs)-1 {
			return true
		}
	}
	if len(segs) >= 1 && segs[0] == "watch" && u.Query().Get("v") != "" {
		return true
	}
	return len(segs) == 2 && segs[0] == "reel"
}

// pathSegments splits a URL path into its non-empty segments.
func pathSegments(p string) []string {
	var segs []string
	for _, s := range strings.Split(p, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	return segs
}

func isDigits(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
