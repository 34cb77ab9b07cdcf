export { Layout as default } from '../components/layout/Layout.tsx'
