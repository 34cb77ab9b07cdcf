// Makes sure hosts/ is installed from its lock (../../operations/hosts.ts): Wrangler, workerd and the Node
// that runs them, all from the npm registry. `npm run setup:hosts`; npm test's hosts step runs it
// itself.
import { ensureHosts, HOSTS_NODE, wranglerVersion } from '../../operations/hosts.ts'

try {
  const installed = ensureHosts()
  console.log(
    `Hosts: Wrangler ${wranglerVersion()} under ${HOSTS_NODE}${installed ? ' (installed from hosts/package-lock.json)' : ''}`,
  )
} catch (error) {
  console.error(`Hosts: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
