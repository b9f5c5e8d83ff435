import { useState } from 'react'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'

/** What `editing` holds while a new item is being added (no item's id: ids are never empty). */
export const NEW_ITEM = ''

/**
 * Which item of a settings list is edited in place: its id, NEW_ITEM while one is added, or null.
 * The focus follows the person: Edit and Add go away as they open the item's form, so its Name
 * field (`${prefix}-${id}-name`, `${prefix}-new-name`) takes the focus; Cancel and Save go away
 * with the form, so the item's Edit (`editId`), or Add (`addId`), takes it back.
 */
export function useItemEditing(prefix: string) {
  const [editing, setEditing] = useState<string | null>(null)
  const handOff = useFocusHandoff()
  const editId = (id: string) => `${prefix}-${id}-edit`
  const addId = `${prefix}-add`
  const open = (id: string) => {
    handOff(`${prefix}-${id === NEW_ITEM ? 'new' : id}-name`)
    setEditing(id)
  }
  const close = () => {
    if (editing !== null) handOff(editing === NEW_ITEM ? addId : editId(editing))
    setEditing(null)
  }
  return { editing, open, close, editId, addId }
}
