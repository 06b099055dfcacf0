/** What a provider tells us about the person, normalised. */
export interface OAuthProfile {
  /** Stable id of the person at the provider. */
  subject: string
  name: string
  email: string | null
  /** Only a verified e-mail or phone may link to an existing account. */
  emailVerified: boolean
  /** Normalised '+7XXXXXXXXXX' or null. */
  phone: string | null
  phoneVerified: boolean
}

export interface AuthorizeParams {
  state: string
  codeChallenge: string
  redirectUri: string
  /** This site's origin (the test provider serves its consent page from it). */
  origin: string
}

export interface CallbackParams {
  code: string
  codeVerifier: string
  redirectUri: string
  state: string
  /** Extra parameters some providers return to the callback (VK ID: device_id). */
  extra: Record<string, string>
}

/**
 * An OAuth 2.0 / OpenID Connect provider: authorization code flow with PKCE (S256).
 * `state` is generated, stored and checked by the caller (server/services/oauth.ts).
 */
export interface OAuthProvider {
  readonly code: string
  readonly label: string
  /** A message key for the button instead of `label` (the demo provider says it is one). */
  readonly labelKey?: string
  authorizeUrl(p: AuthorizeParams): string
  /** Exchanges the code (with the PKCE verifier) and reads the person's profile. */
  fetchProfile(p: CallbackParams): Promise<OAuthProfile>
}
