import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { useInOrder } from './in-order.tsx'

function Sections({ loading, none }: { loading: [boolean, boolean, boolean]; none?: string }) {
  return (
    <>
      {useInOrder([
        ['a', none === 'a' ? null : <p key="a">A</p>, loading[0]],
        ['b', none === 'b' ? null : <p key="b">B</p>, loading[1]],
        ['c', none === 'c' ? null : <p key="c">C</p>, loading[2]],
      ])}
    </>
  )
}

const shown = () => screen.queryAllByText(/^[ABC]$/).map((p) => p.textContent)

describe('useInOrder', () => {
  it('shows the sections down to the first still loading, which shows its own loading state', () => {
    const { rerender } = render(<Sections loading={[true, false, false]} />)
    expect(shown()).toEqual(['A'])
    rerender(<Sections loading={[false, true, false]} />)
    expect(shown()).toEqual(['A', 'B'])
    rerender(<Sections loading={[false, false, false]} />)
    expect(shown()).toEqual(['A', 'B', 'C'])
  })

  it('a section arriving before the one above it waits for it', () => {
    const { rerender } = render(<Sections loading={[true, true, false]} />)
    expect(shown()).toEqual(['A'])
    rerender(<Sections loading={[true, false, false]} />)
    expect(shown()).toEqual(['A'])
  })

  it('passes over a section the member does not have', () => {
    const { rerender } = render(<Sections loading={[false, false, true]} none="b" />)
    expect(shown()).toEqual(['A', 'C'])
    rerender(<Sections loading={[true, false, false]} none="a" />)
    expect(shown()).toEqual(['B', 'C'])
  })

  it('never takes away what it has shown (a failed read asked again loads once more)', () => {
    const { rerender } = render(<Sections loading={[false, false, false]} />)
    rerender(<Sections loading={[true, false, false]} />)
    expect(shown()).toEqual(['A', 'B', 'C'])
  })
})
