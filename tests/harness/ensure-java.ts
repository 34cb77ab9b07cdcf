// The Nu Html Checker is a Java program: make sure a Java runtime exists, and say what was done
// (Debian's headless JRE via apt-get when running as root and none is installed).
import { execSync } from 'node:child_process'

const hasJava = () => {
  try {
    execSync('java -version', { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

if (hasJava()) {
  console.log('Java: found')
  process.exit(0)
}
if (process.getuid?.() === 0) {
  console.log('Java: none found; installing Debian’s default-jre-headless with apt-get…')
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless',
    {
      stdio: 'inherit',
    },
  )
  if (hasJava()) {
    console.log('Java: installed')
    process.exit(0)
  }
}
console.error('Java: not available. Install a Java runtime (11+) to run the HTML checker.')
process.exit(1)
