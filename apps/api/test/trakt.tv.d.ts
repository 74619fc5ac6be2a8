// trakt.tv (the npm Trakt API client the tests drive the /trakt surface with, ADR 170-172)
// ships no types: the part the tests use. Each call resolves with the parsed body (with
// `pagination: true`, with the paging headers beside it), or rejects with got's HTTPError.
declare module 'trakt.tv' {
  interface TraktSettings {
    client_id: string;
    client_secret?: string;
    redirect_uri?: string;
    api_url?: string;
    pagination?: boolean;
  }
  interface DeviceCodes {
    device_code: string;
    user_code: string;
    verification_url: string;
    expires_in: number;
    interval: number;
  }
  interface TokenAnswer {
    access_token: string;
    token_type: string;
    expires_in: number;
    refresh_token: string;
    scope: string;
    created_at: number;
  }
  interface ExportedToken {
    access_token: string;
    expires: number;
    refresh_token: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Trakt's answers, read by the tests
  type Call = (params?: Record<string, unknown>) => Promise<any>;
  export default class Trakt {
    constructor(settings: TraktSettings);
    get_url(): string;
    exchange_code(code: string, state?: string): Promise<TokenAnswer>;
    get_codes(): Promise<DeviceCodes>;
    poll_access(poll: DeviceCodes): Promise<TokenAnswer>;
    refresh_token(): Promise<TokenAnswer>;
    import_token(token: ExportedToken): Promise<ExportedToken>;
    export_token(): ExportedToken;
    revoke_token(): void;
    /** The token exchange the public methods use (PKCE needs a code_verifier in it). */
    _exchange(body: Record<string, string>): Promise<TokenAnswer>;
    scrobble: { start: Call; pause: Call; stop: Call };
    checkin: { add: Call; delete: Call };
    sync: {
      last_activities: Call;
      watched: Call;
      history: { get: Call; add: Call; remove: Call };
      watchlist: { get: Call; add: Call; remove: Call };
      ratings: { get: Call; add: Call; remove: Call };
      playback: { get: Call; remove: Call };
    };
    shows: { summary: Call; progress: { watched: Call } };
    seasons: { summary: Call; season: Call };
    episodes: { summary: Call };
    search: { text: Call; id: Call };
    calendars: { my: { shows: Call } };
    users: { settings: Call; stats: Call };
  }
}
