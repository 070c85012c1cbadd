package store

// Every bucket and key of the database is declared here, so the layout can be
// read in one place and every bucket exists after Open (created in one
// transaction). Numeric keys are big-endian so bbolt's byte order is numeric
// order.
//
//	meta/
//	  schema_version            → uint64 (big-endian)
//	  last_good_sync/{lang}     → RFC 3339 start of the language's last good sync (next ChangeSince)
//	  index_pending/{lang}      → present while a committed update may be missing from the index
//	  counts/{lang}             → JSON Counts, kept by ApplyLanguage
//	  alert_snapshot            → present once alerts have taken their first snapshot
//	properties/{lang}/{id}      → JSON listing.Property (withdrawn ones kept; previousPrice carried from sync to sync)
//	projects/{lang}/{id}        → JSON listing.Project
//	types/{lang}/{id}           → JSON listing.PropertyType
//	cities/{lang}/{zip}|{name}  → JSON listing.City
//	visit_slots/{slot id}       → JSON listing.VisitSlot
//	sync_runs/{sequence}        → JSON SyncRun
//	leads/{sequence}            → JSON Lead (form submissions with their delivery states)
//	outbox/{sequence}           → JSON OutboxEntry still to deliver
//	dead_letters/{sequence}     → JSON OutboxEntry the relay gave up on
//	once/{email}|{what}         → time (unix ns) of a request allowed once per window
//	bookings/{slot id}          → uint64 places the site booked in a visit slot
//	bookers/{slot id}{sha256 of person} → present once that person booked a place in the slot
//	captcha_spent/{id}          → time (unix ns) until which the solved captcha would be valid
//	visits/{property u32}{day}|{source} → uint64 page views counted that day from that source
//	visits_seen/{day}{visitor}{property u32} → present once the visitor's page view counted (today only)
//	visit_salts/{day}           → the day's salt of visitor hashes (today only)
//	  (the buckets of package pageviews keep the names from when it was called visits:
//	  renaming them would need a migration, else running stores would lose their counts)
//	accounts/{sequence}         → JSON Account (owners and searchers)
//	account_emails/{email}      → account id (lower-case email, unique)
//	sessions/{sha256 of token}  → JSON Session
//	reset_tokens/{sha256 of token} → JSON ResetToken (single use: deleted when taken)
//	demand_confirmations/{sha256 of token} → JSON DemandConfirmation: a demand register waiting for its
//	                                          address's owner to confirm (single use; one per address, the newest)
//	secrets/{name}              → random key made on first use (CSRF, unsubscribe links)
//	alert_listings/{id}         → JSON snapshot of a listing as alerts last saw it (opaque to the store)
//	alerted/{account u64}{change key} → time (unix ns) the change was alerted to the account
//	digests/{account u64}{change key} → JSON pending digest item of a daily-digest account
//	platform_stats/{property u32}{lang} → JSON PlatformStats: the platform's statistics of an owner's property in a
//	                                       language (ownerstats; a bare {property u32} key is an entry of before languages)
var (
	bucketMeta          = []byte("meta")
	bucketProperties    = []byte("properties")
	bucketProjects      = []byte("projects")
	bucketTypes         = []byte("types")
	bucketCities        = []byte("cities")
	bucketVisitSlots    = []byte("visit_slots")
	bucketSyncRuns      = []byte("sync_runs")
	bucketLeads         = []byte("leads")
	bucketOutbox        = []byte("outbox")
	bucketDead          = []byte("dead_letters")
	bucketOnce          = []byte("once")
	bucketBookings      = []byte("bookings")
	bucketBookers       = []byte("bookers")
	bucketCaptcha       = []byte("captcha_spent")
	bucketPageViews     = []byte("visits")
	bucketPageViewsSeen = []byte("visits_seen")
	bucketPageViewSalts = []byte("visit_salts")
	bucketAccounts      = []byte("accounts")
	bucketAccountEmails = []byte("account_emails")
	bucketSessions      = []byte("sessions")
	bucketResetTokens   = []byte("reset_tokens")
	bucketDemandConfirm = []byte("demand_confirmations")
	bucketSecrets       = []byte("secrets")
	bucketAlertListings = []byte("alert_listings")
	bucketAlerted       = []byte("alerted")
	bucketDigests       = []byte("digests")
	bucketPlatformStats = []byte("platform_stats")

	keySchemaVersion = []byte("schema_version")
	keyLastGoodSync  = []byte("last_good_sync")
	keyQuarantined   = []byte("quarantined")
	keyIndexPending  = []byte("index_pending")
	keyCounts        = []byte("counts")
	keyTowns         = []byte("towns")
	keyAlertSnapshot = []byte("alert_snapshot")
)

// schemaVersion is bumped when the layout changes in a way Open must migrate.
const schemaVersion = 1

// topBuckets are created at Open.
var topBuckets = [][]byte{bucketMeta, bucketProperties, bucketProjects, bucketTypes, bucketCities, bucketVisitSlots, bucketSyncRuns,
	bucketLeads, bucketOutbox, bucketDead, bucketOnce, bucketBookings, bucketBookers, bucketCaptcha, bucketPageViews, bucketPageViewsSeen, bucketPageViewSalts,
	bucketAccounts, bucketAccountEmails, bucketSessions, bucketResetTokens, bucketDemandConfirm, bucketSecrets, bucketAlertListings, bucketAlerted,
	bucketDigests, bucketPlatformStats}

// perLanguage are the top buckets that hold one sub-bucket per language.
var perLanguage = [][]byte{bucketProperties, bucketProjects, bucketTypes, bucketCities}
