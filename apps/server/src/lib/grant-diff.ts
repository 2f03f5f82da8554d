/**
 * The permission screens' save (JeecgBoot's saveRolePermission rule), shared by role, department and department-role
 * grants: the client sends the ids ticked now and those ticked when it read the tree. Every ticked id ends up
 * granted; only what was unticked since the read is taken away — compared with what is stored now, so a
 * concurrent save of other ids survives. Without the ids of the read, the ticked ids are the whole new set.
 */
export interface GrantDiff {
  toAdd: string[];
  toRemove: string[];
}

export function grantDiff(
  stored: Iterable<string>,
  ticked: readonly string[],
  lastTicked?: readonly string[],
): GrantDiff {
  const storedSet = new Set(stored);
  const tickedSet = new Set(ticked);
  const last = lastTicked ?? [...storedSet];
  return {
    toAdd: [...tickedSet].filter((id) => !storedSet.has(id)),
    toRemove: [...new Set(last)].filter((id) => !tickedSet.has(id) && storedSet.has(id)),
  };
}
