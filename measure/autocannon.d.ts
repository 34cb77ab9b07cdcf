// The part of autocannon's API the load test uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
    timeout?: number
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats?: Record<string, { count: number }>
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
