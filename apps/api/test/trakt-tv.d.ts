// trakt.tv (the npm Trakt API client the Trakt-compatible API is tested with) ships no
// types: the part the tests use.
declare module 'trakt.tv' {
  interface TraktSettings {
    client_id: string;
    client_secret?: string;
    redirect_uri?: string;
    api_url?: string;
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
  }
}
