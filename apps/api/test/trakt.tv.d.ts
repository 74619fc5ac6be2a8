// trakt.tv (the npm Trakt client the tests drive the /trakt surface with) ships no types: the
// calls the tests use. Each resolves with the parsed body (with `pagination: true`, with the
// paging headers beside it), or rejects with got's HTTPError.
declare module 'trakt.tv' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Trakt's answers, read by the tests
  type Call = (params?: Record<string, unknown>) => Promise<any>;
  export default class Trakt {
    constructor(settings: {
      client_id: string;
      client_secret?: string;
      api_url?: string;
      pagination?: boolean;
    });
    import_token(token: {
      access_token: string;
      refresh_token: string;
      expires: number;
    }): Promise<unknown>;
    scrobble: { start: Call; pause: Call; stop: Call };
    checkin: { add: Call; delete: Call };
    sync: { playback: { get: Call; remove: Call } };
    shows: { summary: Call; progress: { watched: Call } };
    seasons: { summary: Call; season: Call };
    episodes: { summary: Call };
    search: { text: Call; id: Call };
    calendars: { my: { shows: Call } };
    users: { settings: Call; stats: Call };
  }
}
