/** A handler returns plain data (sent as JSON 200) or one of these for redirects, files and cookies. */
export class HttpResponse {
  constructor(
    readonly status: number,
    readonly body: string | undefined = undefined,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}

  static redirect(location: string, cookies: string[] = []) {
    return new HttpResponse(302, undefined, { location, 'cache-control': 'no-store' }, cookies)
  }

  static json(data: unknown, status = 200, cookies: string[] = []) {
    return new HttpResponse(status, JSON.stringify(data), { 'content-type': 'application/json' }, cookies)
  }

  /** A 204 that sets cookies too (a handler answering nothing else returns `undefined`). */
  static noContent(cookies: string[]) {
    return new HttpResponse(204, undefined, {}, cookies)
  }

  static html(html: string, status = 200) {
    return new HttpResponse(status, html, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  }
}
