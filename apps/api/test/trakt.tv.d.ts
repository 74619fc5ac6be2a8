// trakt.tv (the npm Trakt client the tests drive the /trakt surface with) ships no types: the
// part the tests use. Every call resolves with the parsed body, or rejects with got's HTTPError.
declare module 'trakt.tv' {
  type Call = (params?: Record<string, unknown>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  interface Tree {
    [name: string]: Tree & Call;
  }
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
    [name: string]: Tree & Call & unknown;
  }
}
