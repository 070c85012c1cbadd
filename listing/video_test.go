package listing

import "testing"

func TestParseVideo(t *testing.T) {
	hosts := VideoHosts{
		Tours:    []string{"matterport.com", " https://Tours.Example.net/ "},
		Partners: []string{"partner.example.org"},
	}
	const yt = "dQw4w9WgXcQ"
	tests := []struct {
		name   string
		raw    string
		want   Video
		wantOK bool
	}{
		// Direct files.
		{"mp4 file", "https://cdn.example.com/v/house.mp4", Video{Kind: VideoFile, URL: "https://cdn.example.com/v/house.mp4"}, true},
		{"upper-case extension", "https://cdn.example.com/HOUSE.WEBM", Video{Kind: VideoFile, URL: "https://cdn.example.com/HOUSE.WEBM"}, true},
		{"mov with query", "http://cdn.example.com/a.mov?token=1", Video{Kind: VideoFile, URL: "https://cdn.example.com/a.mov?token=1"}, true},
		{"wmv avi flv", "https://x.example.com/a.flv", Video{Kind: VideoFile, URL: "https://x.example.com/a.flv"}, true},
		{"extension only in query is no file", "https://cdn.example.com/play?file=a.mp4", Video{}, false},
		{"mkv is no known file", "https://cdn.example.com/a.mkv", Video{}, false},

		// YouTube.
		{"youtube watch", "https://www.youtube.com/watch?v=" + yt, Video{Kind: VideoYouTube, URL: "https://www.youtube.com/watch?v=" + yt, ID: yt}, true},
		{"youtube watch with time", "https://youtube.com/watch?v=" + yt + "&t=42s", Video{Kind: VideoYouTube, URL: "https://youtube.com/watch?v=" + yt + "&t=42s", ID: yt}, true},
		{"youtube mobile", "https://m.youtube.com/watch?v=" + yt, Video{Kind: VideoYouTube, URL: "https://m.youtube.com/watch?v=" + yt, ID: yt}, true},
		{"youtu.be", "https://youtu.be/" + yt, Video{Kind: VideoYouTube, URL: "https://youtu.be/" + yt, ID: yt}, true},
		{"youtube embed", "https://www.youtube.com/embed/" + yt, Video{Kind: VideoYouTube, URL: "https://www.youtube.com/embed/" + yt, ID: yt}, true},
		{"youtube shorts", "https://www.youtube.com/shorts/" + yt, Video{Kind: VideoYouTube, URL: "https://www.youtube.com/shorts/" + yt, ID: yt}, true},
		{"youtube nocookie embed", "https://www.youtube-nocookie.com/embed/" + yt, Video{Kind: VideoYouTube, URL: "https://www.youtube-nocookie.com/embed/" + yt, ID: yt}, true},
		{"youtube scheme-less", "  www.youtube.com/watch?v=" + yt + " ", Video{Kind: VideoYouTube, URL: "https://www.youtube.com/watch?v=" + yt, ID: yt}, true},
		{"youtube protocol-relative", "//youtu.be/" + yt, Video{Kind: VideoYouTube, URL: "https://youtu.be/" + yt, ID: yt}, true},
		{"youtube upper-case host", "HTTPS://WWW.YOUTUBE.COM/watch?v=" + yt, Video{Kind: VideoYouTube, URL: "https://www.youtube.com/watch?v=" + yt, ID: yt}, true},
		{"youtube id of 10 chars", "https://www.youtube.com/watch?v=dQw4w9WgXc", Video{}, false},
		{"youtube id of 12 chars", "https://youtu.be/dQw4w9WgXcQQ", Video{}, false},
		{"youtube id with bad char", "https://youtu.be/dQw4w9WgX.Q", Video{}, false},
		{"youtube channel page", "https://www.youtube.com/@agency", Video{}, false},
		{"youtube look-alike host", "https://evil-youtube.com/watch?v=" + yt, Video{}, false},
		{"youtube as subdomain of another host", "https://youtube.com.evil.org/watch?v=" + yt, Video{}, false},
		{"youtube only in query", "example.com/?x=youtube.com", Video{}, false},
		{"youtube in credentials", "https://www.youtube.com@evil.org/watch?v=" + yt, Video{}, false},

		// Vimeo.
		{"vimeo", "https://vimeo.com/123456", Video{Kind: VideoVimeo, URL: "https://vimeo.com/123456", ID: "123456"}, true},
		{"vimeo unlisted hash", "https://vimeo.com/123456/abcdef1234", Video{Kind: VideoVimeo, URL: "https://vimeo.com/123456/abcdef1234", ID: "123456"}, true},
		{"vimeo player", "https://player.vimeo.com/video/123456?h=ab", Video{Kind: VideoVimeo, URL: "https://player.vimeo.com/video/123456?h=ab", ID: "123456"}, true},
		{"vimeo channel", "https://vimeo.com/channels/staffpicks/123456", Video{Kind: VideoVimeo, URL: "https://vimeo.com/channels/staffpicks/123456", ID: "123456"}, true},
		{"vimeo user page", "https://vimeo.com/agency", Video{}, false},
		{"vimeo channel without video", "https://vimeo.com/channels/staffpicks", Video{}, false},
		{"vimeo player without id", "https://player.vimeo.com/video/abc", Video{}, false},
		{"vimeo look-alike host", "https://notvimeo.com/123456", Video{}, false},

		// Facebook.
		{"facebook page video", "https://www.facebook.com/agency/videos/1234567890/", Video{Kind: VideoFacebook, URL: "https://www.facebook.com/agency/videos/1234567890/"}, true},
		{"facebook watch", "https://www.facebook.com/watch/?v=1234567890", Video{Kind: VideoFacebook, URL: "https://www.facebook.com/watch/?v=1234567890"}, true},
		{"facebook reel", "https://m.facebook.com/reel/1234567890", Video{Kind: VideoFacebook, URL: "https://m.facebook.com/reel/1234567890"}, true},
		{"fb.watch", "https://fb.watch/abcDEF123/", Video{Kind: VideoFacebook, URL: "https://fb.watch/abcDEF123/"}, true},
		{"facebook page is no video", "https://www.facebook.com/agency", Video{}, false},
		{"facebook watch without id", "https://www.facebook.com/watch/", Video{}, false},
		{"fb.watch without id", "https://fb.watch/", Video{}, false},
		{"facebook look-alike host", "https://facebook.com.evil.org/agency/videos/1/", Video{}, false},

		// Configured 3D tours.
		{"tour host", "https://matterport.com/show/?m=abc", Video{Kind: VirtualTour, URL: "https://matterport.com/show/?m=abc"}, true},
		{"tour subdomain", "https://my.matterport.com/show/?m=abc", Video{Kind: VirtualTour, URL: "https://my.matterport.com/show/?m=abc"}, true},
		{"tour host configured as url", "https://tours.example.net/t/1", Video{Kind: VirtualTour, URL: "https://tours.example.net/t/1"}, true},
		{"tour look-alike host", "https://evilmatterport.com/show/?m=abc", Video{}, false},
		{"tour host not configured", "https://kuula.co/share/abc", Video{}, false},

		// Own partners.
		{"tvl.be", "https://www.tvl.be/reportage/123", Video{Kind: PartnerMedia, URL: "https://www.tvl.be/reportage/123"}, true},
		{"tvl.be bare", "http://tvl.be/x", Video{Kind: PartnerMedia, URL: "https://tvl.be/x"}, true},
		{"configured partner", "https://partner.example.org/v/1", Video{Kind: PartnerMedia, URL: "https://partner.example.org/v/1"}, true},
		{"tvl.be look-alike", "https://notvl.be/x", Video{}, false},
		{"tvl.be as subdomain of another host", "https://tvl.be.evil.org/x", Video{}, false},

		// Not links at all.
		{"empty", "   ", Video{}, false},
		{"javascript scheme", "javascript:alert(1)//youtube.com", Video{}, false},
		{"data scheme", "data:video/mp4;base64,AAAA", Video{}, false},
		{"ftp scheme", "ftp://cdn.example.com/a.mp4", Video{}, false},
		{"relative path", "/videos/a.mp4", Video{}, false},
		{"unparsable", "https://exa mple.com/a.mp4", Video{}, false},
		{"unknown host", "https://example.com/page", Video{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseVideo(tt.raw, hosts)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("ParseVideo(%q) = %+v, %v; want %+v, %v", tt.raw, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestParseVideoEmptyConfiguredHost(t *testing.T) {
	// An empty configured host must not make every link a tour.
	hosts := VideoHosts{Tours: []string{"", " "}, Partners: []string{"."}}
	if got, ok := ParseVideo("https://example.com/page", hosts); ok {
		t.Errorf("ParseVideo matched %+v with empty configured hosts", got)
	}
}
