// altcha's per-language files only register texts on the global $altcha; they export nothing.
declare module "altcha/i18n/*";
