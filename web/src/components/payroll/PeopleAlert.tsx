import { CircleAlert } from 'lucide-react'
import { fullName, type Person } from '@app/core'

/** A refusal that names people (who blocks a close, who lacks a payroll id), announced at once. */
export function PeopleAlert({ message, people }: { message: string; people: readonly Person[] }) {
  return (
    <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="flex gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">{message}</span>
      </p>
      {people.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-10">
          {people.map((person) => (
            <li key={person.employeeId}>{fullName(person)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
