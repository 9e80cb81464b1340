export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON for JSON responses, otherwise the raw text. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Serialised as JSON unless it is already a string (sent as is, for malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides the client's token for this request; `null` sends no Authorization header. */
  token?: string | null;
}

/** A thin fetch wrapper for the Lectern API: bearer token, JSON in and out, nothing hidden. */
export class LecternClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string | null,
  ) {}

  /** The same server seen with another token (or none). */
  withToken(token: string | null): LecternClient {
    return new LecternClient(this.baseUrl, token);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? this.token : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: { ...headers, ...options.headers }, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as T, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, body });
  }
}
