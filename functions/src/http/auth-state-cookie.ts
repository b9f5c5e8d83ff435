/** An HttpOnly cookie sent only to the one route that reads it, for as long as its step of the sign-in lasts. */
const scopedCookie = (name: string, path: string, maxAgeSeconds: number) => {
  const attributes = (origin: string, maxAge: number) =>
    [
      `Path=${path}`,
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${maxAge}`,
      ...(origin.startsWith('https://') ? ['Secure'] : []),
    ].join('; ')
  return {
    name,
    set: (value: string, origin: string) => `${name}=${value}; ${attributes(origin, maxAgeSeconds)}`,
    clear: (origin: string) => `${name}=; ${attributes(origin, 0)}`,
  }
}

/** Binds a sign-in in flight to the browser that started it (checked again at the callback). */
export const authStateCookie = scopedCookie('auth_state', '/api/callback', 600)

/**
 * Binds a first sign-in waiting for its person's choice (join an inviting organization or start
 * their own) to the browser that signed in; the choice itself is kept on the server.
 */
export const signInChoiceCookie = scopedCookie('sign_in_choice', '/api/sign-in/choice', 600)
