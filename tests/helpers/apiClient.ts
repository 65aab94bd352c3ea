/** A tiny browser stand-in for API tests: a cookie jar, the anti-forgery header, JSON in and out. */
export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T; text: string; buffer: Buffer };

export type RequestOptions = {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Raw body (e.g. FormData or a broken JSON string) sent as is. */
  rawBody?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the cookie (default true). */
  xsrf?: boolean;
};

export class ApiClient {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  private storeCookies(res: Response) {
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path.startsWith('/') ? path : `/api/${path}`, this.baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const unsafe = !['GET', 'HEAD'].includes(method);
    if (unsafe && opts.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) await this.get('Common/AppVersionInfo');
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.xsrf !== false && this.cookies.has('XSRF-TOKEN')) {
      headers['X-XSRF-TOKEN'] ??= decodeURIComponent(this.cookies.get('XSRF-TOKEN')!);
    }
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    if (opts.contentType) headers['Content-Type'] = opts.contentType;
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.storeCookies(res);
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed as T, text, buffer };
  }

  get<T = unknown>(path: string, query?: RequestOptions['query'], opts: RequestOptions = {}) {
    return this.request<T>('GET', path, { ...opts, query });
  }
  post<T = unknown>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body });
  }
  delete<T = unknown>(path: string, query?: RequestOptions['query'], opts: RequestOptions = {}) {
    return this.request<T>('DELETE', path, { ...opts, query });
  }

  async login(email: string, password: string): Promise<number> {
    const res = await this.post<{ result: number }>('User/Login', { email, password });
    if (res.status !== 200) throw new Error(`login failed with ${res.status}: ${res.text}`);
    return res.body.result;
  }
}
