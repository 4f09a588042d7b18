package io.wsbench.model.record;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * A record with some of its components replaced: its canonical constructor called with every other
 * component as it is. The withers of the wide records (a point, a run, a suite) go through it, so that a
 * component added to one of them is carried by every wither without any being written again, and a
 * wither says only what it changes.
 */
public final class Copies {

    private record Shape(RecordComponent[] components, Constructor<?> canonical) {
    }

    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            try {
                Constructor<?> canonical = type.getDeclaredConstructor(
                        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
                return new Shape(components, canonical);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }
    };

    private Copies() {
    }

    /**
     * {@code record} with the components named in {@code changes} (name, value, name, value, ...) set to
     * their values.
     */
    public static <R extends Record> R with(R record, Object... changes) {
        Shape shape = SHAPES.get(record.getClass());
        Object[] values = new Object[shape.components().length];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = shape.components()[i].getAccessor().invoke(record);
            }
            for (int c = 0; c < changes.length; c += 2) {
                values[index(shape, (String) changes[c])] = changes[c + 1];
            }
            @SuppressWarnings("unchecked")
            R copy = (R) shape.canonical().newInstance(values);
            return copy;
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int index(Shape shape, String name) {
        for (int i = 0; i < shape.components().length; i++) {
            if (shape.components()[i].getName().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no component " + name + " in " + shape.canonical().getDeclaringClass().getSimpleName());
    }
}
