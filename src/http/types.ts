import type { IncomingHttpHeaders } from 'node:http';

/** A request as the handlers see it: the raw body is already read (and size-limited) by the server. */
export interface HttpRequest {
  readonly method: string;
  readonly path: string;
  /** The request target exactly as sent (path and `?query`), which signatures cover; `path` when absent. */
  readonly target?: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A JSON response. */
export interface HttpResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Something that answers requests; handlers are plain functions so tests need no port. */
export type HttpHandler = (request: HttpRequest) => HttpResponse | Promise<HttpResponse>;
