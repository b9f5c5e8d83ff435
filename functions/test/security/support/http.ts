/**
 * A browser's worth of HTTP for a running stack: a cookie jar, our Origin and JSON on every
 * state-changing request, and the supervisor's sign-in through the local identity provider.
 */
export const browser = (origin: string) => {
  const cookies = new Map<string, string>()
  const take = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [k, ...v] = pair!.split('=')
      if (/max-age=0/i.test(c)) cookies.delete(k!.trim())
      else cookies.set(k!.trim(), v.join('='))
    }
  }
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')

  const send = async (method: string, path: string, body?: unknown, timeoutMs = 10_000) => {
    const res = await fetch(new URL(path, origin), {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...(cookies.size ? { cookie: cookieHeader() } : {}),
        ...(method !== 'GET' ? { origin, 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? (method !== 'GET' ? '{}' : undefined) : JSON.stringify(body),
    })
    take(res)
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json }
  }

  /** /api/login, the identity provider's sign-in form, then /api/callback, all over HTTP. */
  const signInAsSupervisor = async (person: { email: string; firstName: string; lastName: string }) => {
    const idp = browser('http://unused')
    let url = new URL(`${origin}/api/login`)
    for (let hop = 0; hop < 12; hop++) {
      const ours = url.origin === origin
      const jar = ours ? cookieHeader() : idp.cookieHeader()
      const res = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
        headers: jar ? { cookie: jar } : {},
      })
      ;(ours ? take : idp.take)(res)
      if (ours && url.pathname === '/api/callback') {
        if (res.status !== 302) throw new Error(`callback answered ${res.status}: ${await res.text()}`)
        return
      }
      if (!ours && /^\/interaction\/[^/]+$/.test(url.pathname) && res.status === 200) {
        const posted = await fetch(new URL(`${url.pathname}/login`, url), {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
          headers: { cookie: idp.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            email: person.email,
            given_name: person.firstName,
            family_name: person.lastName,
          }),
        })
        idp.take(posted)
        url = new URL(posted.headers.get('location')!, url)
        continue
      }
      const location = res.headers.get('location')
      if (!location) throw new Error(`sign-in stopped at ${url} with ${res.status}`)
      url = new URL(location, url)
    }
    throw new Error('too many redirects during sign-in')
  }

  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body?: unknown) => send('POST', path, body),
    put: (path: string, body?: unknown, timeoutMs?: number) => send('PUT', path, body, timeoutMs),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    signInAsSupervisor,
    take,
    cookieHeader,
    hasSession: () => [...cookies.keys()].some((k) => k === 'sid' || k === '__Host-sid'),
  }
}
