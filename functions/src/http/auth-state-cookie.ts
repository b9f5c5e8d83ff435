/** Binds a sign-in in flight to the browser that started it (checked again at the callback). */
const NAME = 'auth_state'
const attributes = (origin: string, maxAge: number) =>
  [
    'Path=/api/callback',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(origin.startsWith('https://') ? ['Secure'] : []),
  ].join('; ')

export const authStateCookie = {
  name: NAME,
  set: (state: string, origin: string) => `${NAME}=${state}; ${attributes(origin, 600)}`,
  clear: (origin: string) => `${NAME}=; ${attributes(origin, 0)}`,
}
