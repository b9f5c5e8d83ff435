import { describe, expect, it } from 'vitest'
import { rateAddressOf } from './client.ts'

describe('rateAddressOf (issue 36)', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(rateAddressOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64')
    expect(rateAddressOf('2001:0DB8:ABCD:0012:ffff:0:0:1')).toBe('2001:db8:abcd:12::/64')
    expect(rateAddressOf('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(rateAddressOf('::1')).toBe('0:0:0:0::/64')
    expect(rateAddressOf('fe80:0:0:0:1:2:3:4')).toBe('fe80:0:0:0::/64')
  })

  it('keeps IPv4 and anything that is not an address as it is', () => {
    expect(rateAddressOf('203.0.113.7')).toBe('203.0.113.7')
    expect(rateAddressOf('unknown')).toBe('unknown')
    expect(rateAddressOf('1::2::3')).toBe('1::2::3')
    expect(rateAddressOf('1:2:3')).toBe('1:2:3')
    expect(rateAddressOf('g::1')).toBe('g::1')
    expect(rateAddressOf('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9')
  })
})
