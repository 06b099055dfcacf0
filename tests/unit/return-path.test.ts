import { describe, expect, it } from 'vitest'
import { returnPathOr, safeReturnPath } from '../../server/contracts/return-path'

const ORIGIN = 'https://shop.example'

describe('safeReturnPath', () => {
  it('keeps plain paths of this site, with query and hash', () => {
    expect(safeReturnPath('/cart/', ORIGIN)).toBe('/cart/')
    expect(safeReturnPath('/catalog/shampoo/?sort=price&page=2#list', ORIGIN)).toBe(
      '/catalog/shampoo/?sort=price&page=2#list',
    )
    expect(safeReturnPath('/search/?s=%D1%88%D0%B0%D0%BC%D0%BF%D1%83%D0%BD%D1%8C', ORIGIN)).toBe(
      '/search/?s=%D1%88%D0%B0%D0%BC%D0%BF%D1%83%D0%BD%D1%8C',
    )
    expect(safeReturnPath('/a/../personal/', ORIGIN)).toBe('/personal/')
  })

  it('turns an absolute URL of this same origin into its path', () => {
    expect(safeReturnPath('https://shop.example/cart/?x=1', ORIGIN)).toBe('/cart/?x=1')
  })

  // Each attack of issue 12 and the usual variants: all end on the home page.
  const attacks: [string, string][] = [
    ['protocol-relative', '//evil.example/'],
    ['protocol-relative with path', '//evil.example/personal/'],
    ['backslash host', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash inside', '/personal\\..\\..\\evil'],
    ['tab between slashes (the issue: %2F%09%2F once decoded)', '/\t/evil.example'],
    ['newline between slashes', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded newline', '/%0a/evil.example'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['encoded second slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash lower case', '/%5cevil.example'],
    ['double-encoded slashes', '/%252Fevil.example'],
    ['double-encoded tab', '/%2509/evil.example'],
    ['issue form, still encoded', '%2F%09%2Fevil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['javascript: URL with case and spaces', ' JavaScript:alert(1)'],
    ['encoded javascript:', 'javascript%3Aalert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['absolute URL of another host', 'https://evil.example/'],
    ['absolute URL, other scheme of this host', 'http://shop.example/cart/'],
    ['absolute URL, other port', 'https://shop.example:8443/cart/'],
    ['credentials before this host', 'https://shop.example@evil.example/'],
    ['user info on this host', 'https://user:pass@shop.example/cart/'],
    ['relative path without slash', 'evil.example/'],
    ['triple slash', '///evil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['over-long', '/' + 'a'.repeat(3000)],
    ['empty', ''],
  ]
  it.each(attacks)('%s → /', (_name, value) => {
    expect(safeReturnPath(value, ORIGIN)).toBe('/')
  })

  it('non-strings → /', () => {
    for (const v of [undefined, null, 5, ['/cart/'], { a: 1 }]) expect(safeReturnPath(v, ORIGIN)).toBe('/')
  })

  it('the way the issue sends it: /login/?back=%2F%09%2Fevil.example', () => {
    const back = new URL('https://shop.example/login/?back=%2F%09%2Fevil.example').searchParams.get('back')
    expect(back).toBe('/\t/evil.example')
    expect(safeReturnPath(back, ORIGIN)).toBe('/')
    // What the browser would have done with it: another host.
    expect(new URL(back!, ORIGIN).host).toBe('evil.example')
  })

  it('no given value → the fallback; a given unsafe one → the home page', () => {
    expect(returnPathOr(undefined, ORIGIN, '/personal/')).toBe('/personal/')
    expect(returnPathOr('', ORIGIN, '/personal/')).toBe('/personal/')
    expect(returnPathOr('//evil.example', ORIGIN, '/personal/')).toBe('/')
    expect(returnPathOr('/cart/', ORIGIN, '/personal/')).toBe('/cart/')
  })
})
