package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/go-viper/mapstructure/v2"

	"github.com/estate-agency/estate/listing"
)

// Text is translatable content: a value per language code. A language
// without its own key falls back to the upper-case key (content written as
// {"NL": …} by other tools), then to "".
type Text map[string]string

// Get returns the text for lang.
func (t Text) Get(lang listing.Lang) string {
	if s, ok := t[string(lang)]; ok {
		return s
	}
	return t[strings.ToUpper(string(lang))]
}

// MarshalJSON writes a missing text as {} so the UI always gets an object.
func (t Text) MarshalJSON() ([]byte, error) {
	if t == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(map[string]string(t))
}

// Shell is everything of site.* but the route table: the agency, the
// header, menu, banner and footer, the content pages, SEO and analytics.
// The UI receives most of it as is (json tags are the UI's contract,
// ui/src/lib/api/types.ts); Markdown fields are rendered by the site package.
type Shell struct {
	Agency     Agency         `mapstructure:"agency" json:"agency"`
	Header     Header         `mapstructure:"header" json:"header"`
	TopBar     TopBar         `mapstructure:"top_bar" json:"topBar"`
	Menu       []MenuItem     `mapstructure:"menu" json:"menu"`
	Banner     ImageSetting   `mapstructure:"banner" json:"banner"`
	HomeSearch HomeSearch     `mapstructure:"home_search" json:"homeSearch"`
	Footer     Footer         `mapstructure:"footer" json:"-"`
	Pages      []Page         `mapstructure:"pages" json:"-"`
	SEO        map[string]SEO `mapstructure:"seo" json:"-"`
	Analytics  Analytics      `mapstructure:"analytics" json:"analytics"`
	Consent    Consent        `mapstructure:"consent" json:"consent"`
	Map        MapSettings    `mapstructure:"map" json:"map"`
	// MarqueeIgnore are platform Marquee ids that show no badge on cards
	// (the sync leaves them out of Badge).
	MarqueeIgnore []int `mapstructure:"marquee_ignore" json:"-"`
	// MarqueeMeanings say what the agency's own Marquees and SubStatuses
	// mean (each agency defines its list on the platform): per meaning (new,
	// price_reduced, option, sold), the names it gives them (any language,
	// case and accents aside) or their ids. A meaning left out keeps
	// listing.DefaultMarqueeNames.
	MarqueeMeanings map[string][]any `mapstructure:"marquee_meanings" json:"-"`
	// Badges are MarqueeMeanings and MarqueeIgnore as the sync applies them.
	Badges listing.BadgeRules `mapstructure:"-" json:"-"`
	// ShowReferences publishes the platform's references (Status 6, deals
	// done) as sold or rented listings.
	ShowReferences bool `mapstructure:"show_references" json:"-"`
	// TypeSort orders the list pages' type filter: "label" (the language's
	// alphabetical order) or "web_id" (the platform's WebID, then ShowOrder).
	TypeSort string `mapstructure:"type_sort" json:"-"`
	// Calculator are the acquisition-cost calculator's rates; nil hides the calculator.
	Calculator *Calculator `mapstructure:"calculator" json:"calculator,omitempty"`
	// NewBuildPrices says how the agency publishes new builds' prices under
	// VAT: "excluding_vat" (the default) or "including_vat"; the detail
	// page's legal mentions say which.
	NewBuildPrices string `mapstructure:"new_build_prices" json:"-"`
	// Robots is the body of /robots.txt; the server appends the sitemap's address.
	Robots string `mapstructure:"robots" json:"-"`
}

// Agency is the agency the site belongs to (office page, footer, JSON-LD).
type Agency struct {
	Name         string         `mapstructure:"name" json:"name"`
	LegalName    string         `mapstructure:"legal_name" json:"legalName"`
	Logo         Image          `mapstructure:"logo" json:"logo"`
	Address      AgencyAddress  `mapstructure:"address" json:"address"`
	Phone        string         `mapstructure:"phone" json:"-"`    // international, e.g. +3284312240
	WhatsApp     string         `mapstructure:"whatsapp" json:"-"` // optional, like phone; "" shows no WhatsApp link
	Email        string         `mapstructure:"email" json:"email"`
	VAT          string         `mapstructure:"vat" json:"vat"`
	IPI          string         `mapstructure:"ipi" json:"ipi"` // BIV/IPI number
	Geo          listing.Geo    `mapstructure:"geo" json:"geo"`
	OpeningHours []OpeningHours `mapstructure:"opening_hours" json:"openingHours"`
	// The mentions the law asks of an agency's website besides its
	// contact details (agency.go checks them): the professional title
	// that goes with the BIV/IPI number, the KBO/BCE company number, the
	// supervising authority, the professional liability insurer and the
	// BIV/IPI deontology code's address.
	IPITitle      Text       `mapstructure:"ipi_title" json:"ipiTitle"`
	CompanyNumber string     `mapstructure:"company_number" json:"companyNumber"`
	Supervisor    Supervisor `mapstructure:"supervisor" json:"supervisor"`
	Insurer       Insurer    `mapstructure:"insurer" json:"insurer"`
	DeontologyURL Text       `mapstructure:"deontology_url" json:"deontologyUrl"`
}

// AgencyAddress is the office's postal address.
type AgencyAddress struct {
	Street      string `mapstructure:"street" json:"street"`
	Number      string `mapstructure:"number" json:"number"`
	Box         string `mapstructure:"box" json:"box"`
	Zip         string `mapstructure:"zip" json:"zip"`
	City        string `mapstructure:"city" json:"city"`
	CountryID   int    `mapstructure:"country_id" json:"countryId"`
	CountryName Text   `mapstructure:"country_name" json:"countryName"`
}

// OpeningHours is one opening period on some days of the week.
type OpeningHours struct {
	Days          []string `mapstructure:"days" json:"days"` // mo tu we th fr sa su
	Opens         string   `mapstructure:"opens" json:"opens"`
	Closes        string   `mapstructure:"closes" json:"closes"`
	ByAppointment bool     `mapstructure:"by_appointment" json:"byAppointment"`
}

// Header holds the header's and menus' settings.
type Header struct {
	LogoPosition              string `mapstructure:"logo_position" json:"logoPosition"`
	HideLogoOnHomeUntilScroll bool   `mapstructure:"hide_logo_on_home_until_scroll" json:"hideLogoOnHomeUntilScroll"`
	ShowHome                  bool   `mapstructure:"show_home" json:"showHome"`
	ContactDemandInMobileMenu bool   `mapstructure:"contact_demand_in_mobile_menu" json:"contactDemandInMobileMenu"`
}

// TopBar is the thin bar above the header.
type TopBar struct {
	Show  bool         `mapstructure:"show" json:"show"`
	Left  []TopBarItem `mapstructure:"left" json:"left"`
	Right []TopBarItem `mapstructure:"right" json:"right"`
}

// TopBarItem is a link of the top bar; only items whose status is on show.
type TopBarItem struct {
	Status bool   `mapstructure:"status" json:"status"`
	Label  Text   `mapstructure:"label" json:"label"`
	Link   string `mapstructure:"link" json:"link"`
	Icon   string `mapstructure:"icon" json:"icon"`
	Color  string `mapstructure:"color" json:"color"`
}

// MenuItem is an entry of the main menu: an internal path of the route
// table or an external address.
type MenuItem struct {
	ID       string     `mapstructure:"id" json:"id"`
	Path     string     `mapstructure:"path" json:"path"`
	Status   string     `mapstructure:"status" json:"status"` // Published | Unpublished
	Sort     int        `mapstructure:"sort" json:"sort"`
	Title    Text       `mapstructure:"title" json:"title"`
	Children []MenuItem `mapstructure:"children" json:"children"`
}

// Image is a picture placed by configuration.
type Image struct {
	Src    string `mapstructure:"src" json:"src"`
	Width  int    `mapstructure:"width" json:"width"`
	Height int    `mapstructure:"height" json:"height"`
	Alt    Text   `mapstructure:"alt" json:"alt"`
	// Optimized are the image's renditions on our origin once the image
	// pipeline made them (the banner's), never read from the file.
	Optimized *listing.Optimized `mapstructure:"-" json:"optimized,omitempty"`
}

// ImageSetting is what config places where an image goes (banner,
// modules, pages): one image, a gallery, a looping video, a colour or nothing.
type ImageSetting struct {
	Kind   string  `mapstructure:"kind" json:"kind"` // image | gallery | video | color | empty
	Images []Image `mapstructure:"images" json:"images"`
	Color  string  `mapstructure:"color" json:"color"`
	Video  *Video  `mapstructure:"video" json:"video"`
}

// Video is a muted looping banner video.
type Video struct {
	Src    string `mapstructure:"src" json:"src"`
	Poster string `mapstructure:"poster" json:"poster"`
	Type   string `mapstructure:"type" json:"type"`
}

// HomeSearch is the optional search block on the home page.
type HomeSearch struct {
	Enabled     bool `mapstructure:"enabled" json:"enabled"`
	Title       Text `mapstructure:"title" json:"title"`
	Description Text `mapstructure:"description" json:"description"`
	ShowCounts  bool `mapstructure:"show_counts" json:"showCounts"`
}

// Footer holds the footer's columns and copyright line.
type Footer struct {
	Columns   []FooterColumn `mapstructure:"columns"`
	Copyright Text           `mapstructure:"copyright"`
}

// FooterColumn is one footer column; its texts are Markdown.
type FooterColumn struct {
	Title     Text         `mapstructure:"title"`
	IntroText FlaggedText  `mapstructure:"intro_text"`
	FullText  FlaggedText  `mapstructure:"full_text"`
	Images    []Image      `mapstructure:"images"`
	Widths    ColumnWidths `mapstructure:"widths"`
}

// FlaggedText is Markdown shown only when Public.
type FlaggedText struct {
	Text   Text `mapstructure:"text"`
	Public bool `mapstructure:"public"`
}

// ColumnWidths are widths on a 12-column grid per device class.
type ColumnWidths struct {
	SM int `mapstructure:"sm" json:"sm"`
	MD int `mapstructure:"md" json:"md"`
	LG int `mapstructure:"lg" json:"lg"`
}

// Page is the content of one concrete page (an internal path with its
// parameters filled): its heading, meta description, text and modules.
type Page struct {
	Path        string       `mapstructure:"path"`
	Title       Text         `mapstructure:"title"`
	Description Text         `mapstructure:"description"`
	Intro       Text         `mapstructure:"intro"`
	Body        Text         `mapstructure:"body"` // Markdown
	Image       ImageSetting `mapstructure:"image"`
	Modules     []Module     `mapstructure:"modules"`
}

// Module is a block of a content page.
type Module struct {
	ID          string       `mapstructure:"id"`
	Title       Text         `mapstructure:"title"`
	Description Text         `mapstructure:"description"`
	Position    int          `mapstructure:"position"`
	Span        int          `mapstructure:"span"`
	Col         ColumnWidths `mapstructure:"col"`
	View        string       `mapstructure:"view"` // single-view | list-view
	Relations   []Relation   `mapstructure:"relations"`
	MaxItems    int          `mapstructure:"max_items"` // 0 means the default, 4
	Condition   *Condition   `mapstructure:"condition"`
}

// Relation links a module to an article, a testimonial or a contact page
// by its internal path.
type Relation struct {
	Type string `mapstructure:"type" json:"type"` // article | testimonial | contact | listings (id /for-sale/ or /for-rent/: its newest listings)
	ID   string `mapstructure:"id" json:"id"`
}

// Condition is the spec's conditional display rule; the UI evaluates it
// against the page data.
type Condition struct {
	Field             string             `mapstructure:"field" json:"field"`
	Logic             string             `mapstructure:"logic" json:"logic"`
	CompareWithField  string             `mapstructure:"compare_with_field" json:"compareWithField"`
	CompareWithValue  any                `mapstructure:"compare_with_value" json:"compareWithValue"`
	AdvancedCondition *AdvancedCondition `mapstructure:"advanced_condition" json:"advancedCondition"`
}

// AdvancedCondition combines further rules with the main one.
type AdvancedCondition struct {
	All []Condition `mapstructure:"all" json:"all,omitempty"`
	Any []Condition `mapstructure:"any" json:"any,omitempty"`
}

// SEO are one language's search-engine settings.
type SEO struct {
	TitleSuffix          string `mapstructure:"title_suffix"`
	Description          string `mapstructure:"description"`
	GoogleVerification   string `mapstructure:"google_verification"`
	FacebookVerification string `mapstructure:"facebook_verification"`
	NortonSafeWeb        string `mapstructure:"norton_safe_web"`
	Image                string `mapstructure:"image"`
	Robots               string `mapstructure:"robots"`
}

// Analytics are the tracking ids; empty ones load nothing.
type Analytics struct {
	GoogleAnalytics  string `mapstructure:"google_analytics" json:"googleAnalytics"`
	GoogleAds        string `mapstructure:"google_ads" json:"googleAds"`
	TagManager       string `mapstructure:"tag_manager" json:"tagManager"`
	FacebookPixel    string `mapstructure:"facebook_pixel" json:"facebookPixel"`
	RecaptchaSiteKey string `mapstructure:"recaptcha_site_key" json:"recaptchaSiteKey"`
}

// Consent switches the cookie dialog.
type Consent struct {
	Enabled bool `mapstructure:"enabled" json:"enabled"`
}

// MapSettings configure the maps: the tile layer drawn over the built-in offline
// layer (borders and towns), and its attribution (HTML); an empty tile URL draws
// the offline layer alone. The tile host joins the CSP img-src (httpd).
type MapSettings struct {
	TileURL     string `mapstructure:"tile_url" json:"tileUrl"`
	Attribution string `mapstructure:"attribution" json:"attribution"`
}

// shell decodes site.* (but routes) and checks the values the server and
// the UI branch on. References between sections (menu paths, page paths,
// relations) are checked by the site package, which knows the route table.
func (p *parser) shell(langs []listing.Lang, demo, publishes bool) Shell {
	var sh Shell
	p.mark("site")
	// checkKeys has refused unknown keys, naming them with their whole path.
	raw, _ := p.v.Get("site").(map[string]any)
	fields := reflect.ValueOf(&sh).Elem()
	for i := range fields.NumField() {
		k := fields.Type().Field(i).Tag.Get("mapstructure")
		if _, ok := raw[k]; !ok {
			continue
		}
		dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
			Result:      fields.Field(i).Addr().Interface(),
			ErrorUnused: true,
			ZeroFields:  true,
		})
		if err == nil {
			err = dec.Decode(raw[k])
		}
		if err != nil {
			p.fail("site."+k, "%v", err)
			return sh
		}
	}
	p.checkShell(&sh)
	p.agencyMentions(&sh.Agency, langs, demo, publishes)
	return sh
}

func (p *parser) checkShell(sh *Shell) {
	p.oneOfValue("site.header.logo_position", &sh.Header.LogoPosition, "left", "center", "right")
	p.imageSetting("site.banner", &sh.Banner)
	for i := range sh.Pages {
		key := fmt.Sprintf("site.pages[%d]", i)
		pg := &sh.Pages[i]
		if !strings.HasPrefix(pg.Path, "/") || !strings.HasSuffix(pg.Path, "/") {
			p.fail(key+".path", "must be an internal path starting and ending with /, got %q", pg.Path)
		}
		p.imageSetting(key+".image", &pg.Image)
		for j := range pg.Modules {
			mkey := fmt.Sprintf("%s.modules[%d]", key, j)
			m := &pg.Modules[j]
			p.oneOfValue(mkey+".view", &m.View, "list-view", "single-view")
			if m.MaxItems == 0 {
				m.MaxItems = 4
			}
			if m.Col == (ColumnWidths{}) {
				m.Col = ColumnWidths{SM: 12, MD: 12, LG: 12}
			}
			for k, r := range m.Relations {
				if !slices.Contains([]string{"article", "testimonial", "contact", "listings"}, r.Type) {
					p.fail(fmt.Sprintf("%s.relations[%d].type", mkey, k), "must be article, testimonial, contact or listings, got %q", r.Type)
				}
				if r.Type == "listings" && r.ID != "/for-sale/" && r.ID != "/for-rent/" {
					p.fail(fmt.Sprintf("%s.relations[%d].id", mkey, k), "a listings relation names /for-sale/ or /for-rent/, got %q", r.ID)
				}
			}
		}
	}
	p.menu("site.menu", sh.Menu)
	p.checkCalculator("site.calculator", sh.Calculator)
	p.oneOfValue("site.type_sort", &sh.TypeSort, "label", "web_id")
	p.oneOfValue("site.new_build_prices", &sh.NewBuildPrices, NewBuildPricesExcludingVAT, NewBuildPricesIncludingVAT)
	p.badges(sh)
	for lang := range sh.SEO {
		if _, ok := listing.PlatformLanguageID(listing.Lang(lang)); !ok {
			p.fail("site.seo."+lang, "is not a supported language (nl, fr, en, de)")
		}
	}
	for i, col := range sh.Footer.Columns {
		if col.Widths == (ColumnWidths{}) {
			sh.Footer.Columns[i].Widths = ColumnWidths{SM: 12, MD: 6, LG: 3}
		}
	}
}

// badges reads site.marquee_meanings: names as text, ids as numbers.
func (p *parser) badges(sh *Shell) {
	var meanings map[string][]string
	for m, entries := range sh.MarqueeMeanings {
		if meanings == nil {
			meanings = map[string][]string{}
		}
		meanings[m] = []string{}
		for i, e := range entries {
			switch v := e.(type) {
			case string:
				meanings[m] = append(meanings[m], v)
			case int, int64, uint64:
				meanings[m] = append(meanings[m], fmt.Sprint(v))
			default:
				p.fail(fmt.Sprintf("site.marquee_meanings.%s[%d]", m, i), "must be a name or an id, got %v", e)
			}
		}
	}
	rules, err := listing.NewBadgeRules(meanings, sh.MarqueeIgnore)
	var unknown *listing.UnknownMeaningError
	if errors.As(err, &unknown) {
		p.fail("site.marquee_meanings."+unknown.Meaning, "%v", err)
	}
	sh.Badges = rules
}

func (p *parser) menu(key string, items []MenuItem) {
	for i, it := range items {
		k := fmt.Sprintf("%s[%d]", key, i)
		if it.Status != "Published" && it.Status != "Unpublished" {
			p.fail(k+".status", "must be Published or Unpublished, got %q", it.Status)
		}
		if it.Path == "" {
			p.fail(k+".path", "is empty")
		}
		p.menu(k+".children", it.Children)
	}
}

func (p *parser) imageSetting(key string, s *ImageSetting) {
	if s.Kind == "" {
		s.Kind = "empty"
	}
	p.oneOfValue(key+".kind", &s.Kind, "image", "gallery", "video", "color", "empty")
	switch {
	case (s.Kind == "image" || s.Kind == "gallery") && len(s.Images) == 0:
		p.fail(key+".images", "kind %s needs at least one image", s.Kind)
	case s.Kind == "video" && (s.Video == nil || s.Video.Src == ""):
		p.fail(key+".video.src", "kind video needs a video")
	case s.Kind == "color" && s.Color == "":
		p.fail(key+".color", "kind color needs a colour")
	}
	for i, img := range s.Images {
		if img.Src == "" || img.Width <= 0 || img.Height <= 0 {
			p.fail(fmt.Sprintf("%s.images[%d]", key, i), "needs src, width and height (so the page does not shift while it loads)")
		}
	}
}

func (p *parser) oneOfValue(key string, v *string, allowed ...string) {
	if *v == "" {
		*v = allowed[0]
		return
	}
	if !slices.Contains(allowed, *v) {
		p.fail(key, "must be one of %s, got %q", strings.Join(allowed, ", "), *v)
	}
}

// The values of site.new_build_prices.
const (
	NewBuildPricesExcludingVAT = "excluding_vat"
	NewBuildPricesIncludingVAT = "including_vat"
)
