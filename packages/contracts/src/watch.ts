import { z } from 'zod';

/**
 * Where to watch (issue 29, ADR 182): the network or web channel TVmaze names, TMDB's watch
 * providers per country (with TMDB_API_KEY), a member's country and "my services", and the
 * "On my services" filter of browse, search, the watchlist, Up Next and lists.
 */

export const watchMessages = {
  country: 'Choose a country from the list',
  serviceName: 'A service name is 1 to 80 characters, without commas',
  tooManyServices: 'Pick at most 50 services',
} as const;

/**
 * Countries a member can pick: the regions TMDB has watch providers for (its
 * /watch/providers/regions list, trimmed to the larger markets). Names come from Intl.
 */
export const watchCountries = [
  'AR',
  'AT',
  'AU',
  'BE',
  'BR',
  'CA',
  'CH',
  'CL',
  'CO',
  'CZ',
  'DE',
  'DK',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HK',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IT',
  'JP',
  'KR',
  'MX',
  'MY',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PH',
  'PL',
  'PT',
  'RO',
  'SA',
  'SE',
  'SG',
  'TH',
  'TR',
  'TW',
  'UA',
  'US',
  'ZA',
] as const;
const countrySet = new Set<string>(watchCountries);

export const watchCountrySchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => countrySet.has(v), { message: watchMessages.country });

const serviceName = z
  .string()
  .trim()
  .min(1, watchMessages.serviceName)
  .max(80, watchMessages.serviceName)
  .refine((v) => !v.includes(','), { message: watchMessages.serviceName });

export const watchProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A small logo on TMDB's image host, or null. */
  logoUrl: z.string().nullable(),
});
export type WatchProvider = z.infer<typeof watchProviderSchema>;

export const showWatchSchema = z.object({
  showId: z.number().int(),
  /** The network (broadcast) or web channel (streaming) TVmaze names, with its country. */
  channel: z
    .object({
      kind: z.enum(['network', 'web']),
      name: z.string(),
      country: z.string().nullable(),
    })
    .nullable(),
  /** TMDB_API_KEY is set: providers exist as a feature (they may still be unknown here). */
  providersEnabled: z.boolean(),
  /** The country `providers` are for: the asked one, else the member's, else null. */
  country: z.string().nullable(),
  /** `pending`: asked of TMDB, not answered yet; `none`: TMDB lists nothing for the show. */
  status: z.enum(['off', 'pending', 'ready', 'none']),
  providers: z
    .object({
      /** TMDB's page of the show's offers in this country (it links on to JustWatch). */
      link: z.string().nullable(),
      flatrate: z.array(watchProviderSchema),
      free: z.array(watchProviderSchema),
      ads: z.array(watchProviderSchema),
      rent: z.array(watchProviderSchema),
      buy: z.array(watchProviderSchema),
    })
    .nullable(),
  /** Countries TMDB has any offer of the show in (to tell "not in your country"). */
  countries: z.array(z.string()),
});
export type ShowWatch = z.infer<typeof showWatchSchema>;

export const showWatchQuerySchema = z.object({
  country: watchCountrySchema.optional(),
});

export const watchSettingsSchema = z.object({
  country: z.string().nullable(),
  services: z.array(z.string()),
  providersEnabled: z.boolean(),
});
export type WatchSettings = z.infer<typeof watchSettingsSchema>;

export const updateWatchSettingsSchema = z.object({
  country: watchCountrySchema.nullable(),
  services: z
    .array(serviceName)
    .max(50, watchMessages.tooManyServices)
    .transform((list) => [...new Set(list)]),
});
export type UpdateWatchSettings = z.input<typeof updateWatchSettingsSchema>;

export const watchServiceOptionSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** `tmdb`: a provider TMDB lists in the country; `channel`: a network or web channel. */
  source: z.enum(['tmdb', 'channel']),
});
export type WatchServiceOption = z.infer<typeof watchServiceOptionSchema>;

export const watchServiceOptionsQuerySchema = z.object({
  country: watchCountrySchema.optional(),
});

/**
 * "On my services" on a listing: `services` is the member's service names, comma separated
 * (the web sends the saved ones), `servicesCountry` the country TMDB's providers are read for.
 * The answer is a function of the URL alone, so catalogue pages stay cacheable (ADR 182).
 */
export const servicesFilterQuerySchema = z.object({
  services: z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(80)).min(1).max(50))
    .optional(),
  servicesCountry: watchCountrySchema.optional(),
});
export type ServicesFilterQuery = z.infer<typeof servicesFilterQuerySchema>;

/** What a repository needs to filter by services: lower-cased names and the country. */
export interface ServicesFilter {
  names: string[];
  country: string | null;
}

export function toServicesFilter(query: ServicesFilterQuery): ServicesFilter | null {
  if (!query.services?.length) return null;
  return {
    names: query.services.map((s) => s.toLowerCase()),
    country: query.servicesCountry ?? null,
  };
}
