import { describe, expect, it } from 'vitest'
import { rateAddressOf } from './client.ts'

describe('rateAddressOf', () => {
  it.each([
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64'],
    ['2001:0DB8:ABCD:0012:ffff:0:0:1', '2001:db8:abcd:12::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80:0:0:0:1:2:3:4', 'fe80:0:0:0::/64'],
  ])('counts the IPv6 address %s by its /64, however it is written', (address, counted) => {
    expect(rateAddressOf(address)).toBe(counted)
  })

  it.each(['203.0.113.7', 'unknown', '1::2::3', '1:2:3', 'g::1', '1:2:3:4:5:6:7:8:9'])(
    'keeps %s (IPv4, or not an address) as it is',
    (address) => {
      expect(rateAddressOf(address)).toBe(address)
    },
  )
})
