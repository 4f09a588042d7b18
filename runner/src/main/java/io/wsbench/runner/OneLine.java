package io.wsbench.runner;

/** An exception told in one line: a run's notes and the command line's errors are read line by line. */
public final class OneLine {

    private OneLine() {
    }

    /** The first line of {@code e}'s message, or its class's name when it has none. */
    public static String of(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl > 0 ? m.substring(0, nl) : m;
    }

    /**
     * Why a file could not be read or written, without the file's name where the caller says it: a file system's own
     * reason, else its kind ({@code AccessDeniedException} carries no reason: its message is the path alone, which told a
     * user writing to /proc nothing).
     */
    public static String why(java.io.IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && (f.getReason() == null || f.getReason().isBlank())) {
            String kind = f instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : f instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                    : f instanceof java.nio.file.NotDirectoryException ? "not a directory"
                    : f instanceof java.nio.file.FileAlreadyExistsException ? "a file is in the way"
                    : f instanceof java.nio.file.DirectoryNotEmptyException ? "a directory is in the way"
                    : f.getClass().getSimpleName();
            return f.getFile() == null ? kind : f.getFile() + ": " + kind;
        }
        return of(e);
    }
}
