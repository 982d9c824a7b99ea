import Foundation

/// Sleeps for `duration`, whole: a signal that interrupts the sleep does not cut it short.
func sleepFor(_ duration: Duration) {
    var request = timespec(
        tv_sec: Int(duration.components.seconds), tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
    var left = timespec()
    while nanosleep(&request, &left) < 0, errno == EINTR {
        request = left
    }
}
