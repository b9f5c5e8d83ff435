import { initials, type User } from '@app/core'
import { Avatar } from './ui/Avatar.tsx'

type Person = Pick<User, 'firstName' | 'lastName' | 'profileImageUrl'>

/** The profile image, or the first-name and last-name initials. */
export const UserAvatar = ({ user, className, alt }: { user: Person; className?: string; alt?: string }) => (
  <Avatar src={user.profileImageUrl} fallback={initials(user)} alt={alt} className={className} />
)
