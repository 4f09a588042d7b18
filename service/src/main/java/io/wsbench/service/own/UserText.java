package io.wsbench.service.own;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A text file of the user's as UTF-8, without the byte order mark an editor or a tool may put before it (Windows'
 * Notepad, Fiddler's HAR export): the mark is the file's, not its text's. A JSON parser (Jackson, PHP's json_decode,
 * JSON.parse behind Express) refuses text that starts with it, and a CSV's first column would hold it in its name.
 */
public final class UserText {

    private UserText() {
    }

    /** {@code file}'s text, its byte order mark left out; a file that is not UTF-8 throws CharacterCodingException. */
    public static String read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
