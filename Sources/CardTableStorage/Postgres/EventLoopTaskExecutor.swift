import NIOCore

/// Runs a task's jobs on one event loop: a statement's task on its connection's loop writes the
/// statement and reads the answer where the connection's channel lives, with no hop to and from
/// Swift's shared threads.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
