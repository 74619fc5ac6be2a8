// trakt.tv (the npm Trakt API client the sync tests drive) ships no types: the part they use.
declare module 'trakt.tv' {
  interface TraktOptions {
    client_id: string;
    client_secret: string;
    api_url?: string;
    pagination?: boolean;
  }
  type Call = (params?: Record<string, unknown>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default class Trakt {
    constructor(options: TraktOptions);
    import_token(token: {
      access_token: string;
      refresh_token: string;
      expires: number;
    }): Promise<unknown>;
    sync: {
      last_activities: Call;
      watched: Call;
      history: { get: Call; add: Call; remove: Call };
      watchlist: { get: Call; add: Call; remove: Call };
      ratings: { get: Call; add: Call; remove: Call };
    };
  }
}
