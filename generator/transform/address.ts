// The site's postal address as each language writes it. Pure and free of Node APIs: the
// facts ({address} in copy), the footer and the contact page all take their text from here.
//
// English keeps what the site has always shown: "Suite 1400, 250 Harbourview Street",
// "Toronto, ON M5J 2N8", "Canada". French follows the Office québécois de la langue française,
// whose rules Canada Post's addressing guidelines accept: the civic number, a comma, the street
// type in lower case before the name and the suite after it on the same line (« 250, rue
// Harbourview, bureau 1400 »); the province written out, in parentheses after the city; the
// postal code last on that line, set off by a space two characters wide in an address block
// (« Toronto (Ontario)  M5J 2N8 »), by one space in running text. The French street and
// province are copy, so they come from site.yaml (`address.fr`), not from a translation rule.

/** An address's parts as site.yaml gives them (the schema's `address`). */
export interface AddressParts {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** site.yaml's `address`: the English parts and, under `fr`, the French ones that differ. */
export type PostalAddress = AddressParts & { fr?: Partial<Omit<AddressParts, 'postalCode'>> };

interface Layout {
  /** The city line of an address block, and of running text. */
  cityLine(p: AddressParts): string;
  cityText(p: AddressParts): string;
}

const NBSP = '\u00a0';

/** How each language lays out the city line; a language not listed writes it the English way. */
const LAYOUTS: Readonly<Record<string, Layout>> = {
  en: {
    cityLine: (p) => `${p.city}, ${p.region} ${p.postalCode}`,
    cityText: (p) => `${p.city}, ${p.region} ${p.postalCode}`,
  },
  fr: {
    // Two no-break spaces: HTML would fold two plain ones into one, and the postal code stays
    // on the province's line (OQLF: « un espacement équivalant à deux caractères »).
    cityLine: (p) => `${p.city} (${p.region})${NBSP}${NBSP}${p.postalCode}`,
    cityText: (p) => `${p.city} (${p.region}) ${p.postalCode}`,
  },
};

const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase();

/** The parts as `locale` writes them: site.yaml's French parts on French pages, each missing one the English one. */
export function localParts(address: PostalAddress, locale: string): AddressParts {
  const { fr, ...english } = address;
  return languageOf(locale) === 'fr' && fr ? { ...english, ...definedOnly(fr) } : english;
}

function definedOnly<T extends object>(parts: T): Partial<T> {
  return Object.fromEntries(Object.entries(parts).filter(([, v]) => typeof v === 'string' && v)) as Partial<T>;
}

const layoutOf = (locale: string) => LAYOUTS[languageOf(locale)] ?? LAYOUTS.en!;

/** The address as a block, one line per element: street, city line, country. */
export function addressLines(address: PostalAddress, locale: string): [string, string, string] {
  const parts = localParts(address, locale);
  return [parts.street, layoutOf(locale).cityLine(parts), parts.country];
}

/** The address on one line, as a sentence names it: "…, Toronto, ON M5J 2N8, Canada"; without the country on request. */
export function addressText(address: PostalAddress, locale: string, options: { country?: boolean } = {}): string {
  const parts = localParts(address, locale);
  const text = `${parts.street}, ${layoutOf(locale).cityText(parts)}`;
  return options.country === false ? text : `${text}, ${parts.country}`;
}
